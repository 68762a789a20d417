// On PostgreSQL a combolist writes two batches at once on two connections (ADR 0007); on PGlite one
// at a time. Either way: a line repeated in the next batch is one finding (added once, updated
// after), a resolved finding seen again reopens once, and the counters (finding_stats,
// finding_daily, risk_counts) match the findings they count.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moduleRegistry } from '../../modules.js';
import { importFile, tenantFixture } from '../../testing/monitoring.js';
import { batchSizeOf } from './import-options.js';

const fixture = tenantFixture('overlap');

const line = (i: number) => `user${i}@${fixture.tenant.domain}:Password-${i}`;

/** finding_stats, finding_daily and risk_counts of the company beside what they count. */
async function counters() {
  const stats = await sql<{ severity: string; status: string; n: string }>`
    select severity, status, n from finding_stats where company_id = ${fixture.tenant.companyId} and n <> 0
    order by severity, status`.execute(fixture.app.ctx.db);
  const risk = await sql<{ severity: string; status: string; n: string }>`
    select severity, status, sum(n) as n from risk_counts where company_id = ${fixture.tenant.companyId}
    group by severity, status having sum(n) <> 0 order by severity, status`.execute(fixture.app.ctx.db);
  const actual = await sql<{ severity: string; status: string; n: string }>`
    select severity, status, count(*) as n from findings where company_id = ${fixture.tenant.companyId}
    group by severity, status order by severity, status`.execute(fixture.app.ctx.db);
  const daily = await sql<{ n: string }>`
    select coalesce(sum(n), 0) as n from finding_daily where company_id = ${fixture.tenant.companyId}`.execute(
    fixture.app.ctx.db,
  );
  const total = await sql<{ n: string }>`
    select count(*) as n from findings where company_id = ${fixture.tenant.companyId}`.execute(fixture.app.ctx.db);
  return {
    stats: stats.rows.map((r) => [r.severity, r.status, Number(r.n)]),
    risk: risk.rows.map((r) => [r.severity, r.status, Number(r.n)]),
    actual: actual.rows.map((r) => [r.severity, r.status, Number(r.n)]),
    daily: Number(daily.rows[0]?.n),
    total: Number(total.rows[0]?.n),
  };
}

describe('batches written at once', () => {
  it('a line repeated in the next batches is one finding, its counts exact', async () => {
    const batch = batchSizeOf(moduleRegistry.importer('combolist'), fixture.database.kind);
    const unique = 3 * batch;
    // Each batch after the first repeats 100 lines of the one before.
    const lines: string[] = [];
    for (let i = 0; i < unique; i += 1) {
      lines.push(line(i));
      if (i % batch === 99 && i > batch) for (let j = i - 199; j <= i - 100; j += 1) lines.push(line(j - batch + 100));
    }
    const job = await importFile(fixture.app, fixture.tenant, 'combolist', 'repeats.txt', lines.join('\n'));
    expect(job.status).toBe('succeeded');
    expect(job.counts).toEqual({ read: lines.length, added: unique, updated: lines.length - unique, rejected: 0 });
    const after = await counters();
    expect(after.total).toBe(unique);
    expect(after.stats).toEqual(after.actual);
    expect(after.risk).toEqual(after.actual);
    expect(after.daily).toBe(unique);
  });

  it('a resolved finding seen again reopens once, with its history and counters', async () => {
    const batch = batchSizeOf(moduleRegistry.importer('combolist'), fixture.database.kind);
    await sql`update findings set status = 'resolved', resolved_at = now()
      where company_id = ${fixture.tenant.companyId} and fingerprint like ${`combo:user1%`}`.execute(
      fixture.app.ctx.db,
    );
    const resolved = await sql<{ n: string }>`
      select count(*) as n from findings where company_id = ${fixture.tenant.companyId} and status = 'resolved'`.execute(
      fixture.app.ctx.db,
    );
    const reopening = Number(resolved.rows[0]?.n);
    expect(reopening).toBeGreaterThan(batch / 10);
    const again = Array.from({ length: 3 * batch }, (_, i) => line(i));
    const job = await importFile(
      fixture.app,
      fixture.tenant,
      'combolist',
      'again.txt',
      [...again, ...again.slice(0, 500)].join('\n'),
    );
    expect(job.counts).toEqual({ read: 3 * batch + 500, added: 0, updated: 3 * batch + 500, rejected: 0 });
    const reopened = await sql<{ n: string }>`
      select count(*) as n from finding_changes where company_id = ${fixture.tenant.companyId} and to_value = 'new'`.execute(
      fixture.app.ctx.db,
    );
    expect(Number(reopened.rows[0]?.n)).toBe(reopening);
    const after = await counters();
    expect(after.stats).toEqual(after.actual);
    expect(after.risk).toEqual(after.actual);
    expect(after.actual).toEqual([['high', 'new', 3 * batch]]);
  });

  it('a batch that PostgreSQL ends to break a deadlock: the job goes on from its checkpoint, counts exact', async () => {
    // On PGlite one batch at a time: no deadlock to break, and such an error fails the job as any other.
    if (fixture.database.kind !== 'postgres') return;
    const batch = batchSizeOf(moduleRegistry.importer('combolist'), fixture.database.kind);
    const victim = `user${900_000 + batch + 10}@${fixture.tenant.domain}`;
    await sql
      .raw(`create sequence deadlock_once;
      create function deadlock_once() returns trigger language plpgsql as $fn$
        begin
          -- A sequence, not a row: its value stays when the batch rolls back.
          if new.email = '${victim}' and nextval('deadlock_once') = 1 then
            raise exception 'deadlock detected (by the test)' using errcode = '40P01';
          end if;
          return new;
        end $fn$;
      create trigger deadlock_once before insert on credential_findings for each row execute function deadlock_once()`)
      .execute(fixture.app.ctx.db);
    const lines = Array.from({ length: 3 * batch }, (_, i) => line(900_000 + i));
    const job = await importFile(fixture.app, fixture.tenant, 'combolist', 'deadlock.txt', lines.join('\n'));
    await sql
      .raw(
        'drop trigger deadlock_once on credential_findings; drop function deadlock_once; drop sequence deadlock_once',
      )
      .execute(fixture.app.ctx.db);
    expect(job.status).toBe('succeeded');
    expect(job.counts).toEqual({ read: 3 * batch, added: 3 * batch, updated: 0, rejected: 0 });
    expect(job.log.some((l) => l.level === 'warn' && l.message.includes('deadlock'))).toBe(true);
    const after = await counters();
    expect(after.stats).toEqual(after.actual);
    expect(after.risk).toEqual(after.actual);
  });
});
