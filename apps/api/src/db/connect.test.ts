// The database never stalls the request path: a long query leaves the event loop free, the health
// check answers while a long transaction holds PGlite's one connection, and rows, parameters and
// errors come back with the same types on both databases.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';
import { type DatabaseHandle, openDatabase } from './connect.js';

let database: TestDatabase;
let app: VigilApp;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** How many times a 10 ms timer fired while `work` ran: about 100 a second when the loop is free. */
async function timerTicksDuring<T>(work: () => Promise<T>): Promise<{ ticks: number; tookMs: number }> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 10);
  const started = performance.now();
  try {
    await work();
    return { ticks, tookMs: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

/** Which of two promises settles first (behaviour, not a wall-clock bound: no flake under load). */
function firstOf(named: Record<string, Promise<unknown>>): Promise<string> {
  return Promise.race(Object.entries(named).map(([name, promise]) => promise.then(() => name)));
}

/** A transaction that holds the connection for `holdMs` once it is inside. */
function holdConnection(handle: DatabaseHandle, holdMs: number): { entered: Promise<void>; done: Promise<void> } {
  let inside: () => void = () => {};
  const entered = new Promise<void>((resolve) => {
    inside = resolve;
  });
  const done = handle.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    inside();
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await sql`select 1`.execute(trx);
  });
  return { entered, done };
}

describe('the database and the event loop', () => {
  it('keeps the event loop running while a query takes a second', async () => {
    const { ticks, tookMs } = await timerTicksDuring(() => sql`select pg_sleep(1)`.execute(database.handle.db));
    expect(tookMs).toBeGreaterThanOrEqual(900);
    // A query run on the event loop lets the timer fire once at most, after the whole second.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('answers other requests while a long query runs', async () => {
    const slow = sql`select pg_sleep(1)`.execute(database.handle.db);
    const request = app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(await firstOf({ request, slow })).toBe('request');
    await slow;
    expect((await request).statusCode).toBe(204);
  });

  it('answers the health check while one long statement runs, as long as the database answered lately', async () => {
    await sql`select 1`.execute(database.handle.db);
    const slow = sql`select pg_sleep(1.5)`.execute(database.handle.db);
    const health = app.inject({ method: 'GET', url: '/api/health' });
    expect(await firstOf({ health, slow })).toBe('health');
    await slow;
    expect((await health).statusCode).toBe(200);
  });

  it('answers the health check while a long transaction holds the connection', async () => {
    const holding = holdConnection(database.handle, 1500);
    await holding.entered;
    const health = app.inject({ method: 'GET', url: '/api/health' });
    expect(await firstOf({ health, holding: holding.done })).toBe('health');
    await holding.done;
    expect((await health).statusCode).toBe(200);
  });
});

describe('the health check fails when the database cannot serve', () => {
  it.runIf(inject('databaseKind') === 'pglite')(
    "fails while one caller has held PGlite's connection past the limit, and recovers once it lets go",
    async () => {
      const handle = await openDatabase({ kind: 'pglite', heldLimitMs: 200 });
      try {
        const holding = holdConnection(handle, 800);
        await holding.entered;
        await expect(handle.ping()).resolves.toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, 400));
        await expect(handle.ping()).rejects.toThrow(/held for/);
        await holding.done;
        await expect(handle.ping()).resolves.toBeUndefined();
      } finally {
        await handle.close();
      }
    },
  );

  it('answers 503 once the database has stopped', async () => {
    const other = await openTestDatabase();
    const built = await testApp(other);
    try {
      expect((await built.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await other.handle.close();
      const health = await built.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ message: 'Database unavailable.' });
    } finally {
      await built.app.close();
      await other.close().catch(() => {});
    }
  });
});

describe('what goes to the database and what comes back', () => {
  it('keeps the types of parameters and rows', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    const result = await sql<{
      at: Date;
      bytes: Uint8Array;
      big: number;
      list: string[];
      doc: { a: number[] };
      flag: boolean;
      nothing: null;
    }>`select ${at}::timestamptz as at, ${bytes}::bytea as bytes, (${10n}::int8 * 2)::int as big,
      ${['x', 'y']}::text[] as list, ${JSON.stringify({ a: [1, 2] })}::jsonb as doc,
      ${true}::boolean as flag, null as nothing`.execute(database.handle.db);
    const row = result.rows[0];
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.toISOString()).toBe(at.toISOString());
    expect(row?.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row?.bytes ?? [])]).toEqual([0, 1, 2, 254, 255]);
    expect(row).toMatchObject({ big: 20, list: ['x', 'y'], doc: { a: [1, 2] }, flag: true, nothing: null });
  });

  it('names columns as the query does: in order, a later one of the same name wins, none when no row', async () => {
    const db = database.handle.db;
    const rows = (await sql`select 1 as b, 2 as a, 3 as a from (values (1), (2)) as v(x)`.execute(db)).rows;
    expect(rows).toEqual([
      { b: 1, a: 3 },
      { b: 1, a: 3 },
    ]);
    expect(Object.keys(rows[0] ?? {})).toEqual(['b', 'a']);
    expect((await sql`select 1 as a where false`.execute(db)).rows).toEqual([]);
  });

  it("rehydrates PostgreSQL's errors with their fields, and a failed transaction leaves nothing", async () => {
    const db = database.handle.db;
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into company_domains (company_id, domain) values (1, 'rehydrated.example')`.execute(trx);
        await sql`insert into company_domains (company_id, domain) values (1, 'rehydrated.example')`.execute(trx);
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(pg.DatabaseError);
    expect(failed).toMatchObject({
      code: '23505',
      constraint: expect.any(String),
      detail: expect.stringContaining('rehydrated.example'),
    });
    const left = await sql`select 1 from company_domains where domain = 'rehydrated.example'`.execute(db);
    expect(left.rows).toEqual([]);
    const numbered = await sql`update company_domains set domain = domain where company_id = -1`.execute(db);
    expect(numbered.numAffectedRows ?? 0n).toBe(0n);
  });
});

describe('queries outside a transaction and transactions', () => {
  it('answers many queries sent at once, each with its own rows', async () => {
    const db = database.handle.db;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(db)),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  // On PostgreSQL the query runs on another connection of the pool; on PGlite, whose one connection
  // the transaction holds, it waits for the transaction to end.
  it('never runs a query inside a transaction that is under way: it survives its rollback', async () => {
    const db = database.handle.db;
    await sql`create table turn_probe (n int)`.execute(db);
    try {
      let inside: () => void = () => {};
      const entered = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const rolledBack = db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into turn_probe values (1)`.execute(trx);
          inside();
          await new Promise((resolve) => setTimeout(resolve, 300));
          throw new Error('rolled back');
        })
        .catch(() => 'rolled back');
      await entered;
      const outside = sql`insert into turn_probe values (2)`.execute(db);
      if (inject('databaseKind') === 'pglite') expect(await firstOf({ rolledBack, outside })).toBe('rolledBack');
      await rolledBack;
      await outside;
      expect((await sql<{ n: number }>`select n from turn_probe order by n`.execute(db)).rows).toEqual([{ n: 2 }]);
    } finally {
      await sql`drop table turn_probe`.execute(db);
    }
  });
});

describe('statements run again after a failure and after their table changed', () => {
  it('keeps working after a bad value, a bad statement and a changed table', async () => {
    const db = database.handle.db;
    await expect(sql`select ${'x'}::int as n`.execute(db)).rejects.toMatchObject({ code: '22P02' });
    expect((await sql<{ n: number }>`select ${7}::int as n`.execute(db)).rows).toEqual([{ n: 7 }]);
    await expect(sql`select * from no_such_table`.execute(db)).rejects.toMatchObject({ code: '42P01' });
    await sql`create table statement_probe (a int)`.execute(db);
    await sql`insert into statement_probe values (1)`.execute(db);
    const all = () => sql`select * from statement_probe`.execute(db);
    expect((await all()).rows).toEqual([{ a: 1 }]);
    expect((await all()).rows).toEqual([{ a: 1 }]);
    await sql`alter table statement_probe add column b text default 'x'`.execute(db);
    expect((await all()).rows).toEqual([{ a: 1, b: 'x' }]);
    await sql`drop table statement_probe`.execute(db);
  });
});

describe('closing', () => {
  it('ends the database: a later query fails instead of hanging', async () => {
    const other = await openTestDatabase();
    await sql`select 1`.execute(other.handle.db);
    await other.close();
    await expect(sql`select 1`.execute(other.handle.db)).rejects.toThrow();
    await expect(other.handle.ping()).rejects.toThrow();
  });
});
