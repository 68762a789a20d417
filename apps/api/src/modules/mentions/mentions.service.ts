// The /restrictedenvironment verbs on mentions: the list, the CSV export and one mention with its
// text and the ranges of its matched keywords (plain text and offsets: the web marks them, no
// HTML). Always within the session's company.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream } from '../../platform/findings/findings.csv.js';
import { coreCells, coreHeader } from '../../platform/findings/findings.export.js';
import { toFindingCore } from '../../platform/findings/findings.mapper.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import type { TextRange } from '../../shared/text-match.js';
import {
  findMention,
  listMentionRows,
  type MentionFilters,
  type MentionListInput,
  type MentionListRow,
  matchesOf,
  mentionBatches,
} from './mentions.repository.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

function toMention(row: MentionListRow) {
  return {
    ...toFindingCore(row),
    mention_id: row.mention_id,
    source_type: row.source_type,
    source_name: row.source_name,
    actor: row.actor,
    posted_at: row.posted_at.toISOString(),
    mention_title: row.mention_title,
    snippet: row.snippet,
    url: row.url,
    archive_ref: row.archive_ref,
    keywords: row.keywords,
  };
}

export async function listMentions({ ctx, auth, input }: Verb<MentionListInput>) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listMentionRows(ctx.db, scope, input);
  return { data: rows.map(toMention), meta };
}

export function exportMentions({ ctx, auth, input }: Verb<MentionFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [...coreHeader, 'source_type', 'source_name', 'actor', 'posted_at', 'url', 'archive_ref', 'keywords', 'snippet'],
    mentionBatches(ctx.db, scope, input),
    (r) => [
      ...coreCells(r),
      r.source_type,
      r.source_name,
      r.actor,
      r.posted_at,
      r.url,
      r.archive_ref,
      r.keywords.map((k) => k.term),
      r.snippet,
    ],
  );
}

const rangesOf = (json: string): TextRange[] => JSON.parse(json) as TextRange[];

export async function getMention({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await findMention(ctx.db, scope, input.id);
  if (!row) throw new ServiceError('not_found', 'Mention not found.');
  const matches = await matchesOf(ctx.db, scope, row.mention_id);
  return {
    data: toMention(row),
    text: row.body,
    imported_at: row.imported_at.toISOString(),
    matches: matches.map((m) => ({
      keyword: { id: m.id, class: m.class, term: m.term },
      title_ranges: rangesOf(m.title_ranges),
      text_ranges: rangesOf(m.text_ranges),
    })),
  };
}
