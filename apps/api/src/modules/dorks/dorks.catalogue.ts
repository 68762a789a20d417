// The catalogue as one company sees it: the platform's dorks (GHDB, Vigil's templates) with the
// company's choice (dork_settings; GHDB entries off until chosen, Vigil's on until switched off,
// a retired template off for everyone) and the company's own dorks (their own `enabled`).
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { GhdbCategory } from './dorks.table.js';

/** `d` the dork, `s` the company's dork_settings row (left-joined). */
export const effectiveEnabled: RawBuilder<boolean> = sql<boolean>`(case when d.company_id is null
  then d.enabled and coalesce(s.enabled, d.source <> 'ghdb') else d.enabled end)`;

/** The dorks the company sees, `s` joined for its choice. */
export function visibleDorks(db: Executor, companyId: number) {
  return db
    .selectFrom('dorks as d')
    .leftJoin('dork_settings as s', (join) => join.onRef('s.dork_id', '=', 'd.id').on('s.company_id', '=', companyId))
    .where((eb) => eb.or([eb('d.company_id', 'is', null), eb('d.company_id', '=', companyId)]));
}

export interface RunnableDork {
  id: number;
  query: string;
  category: GhdbCategory;
}

/** The company's enabled dorks in a stable order (a resumed run skips the same queries). */
export function enabledDorks(db: Executor, companyId: number): Promise<RunnableDork[]> {
  return visibleDorks(db, companyId)
    .select(['d.id', 'd.query', 'd.category'])
    .where(effectiveEnabled)
    .orderBy('d.id')
    .execute();
}
