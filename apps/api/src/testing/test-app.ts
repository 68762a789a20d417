// Test harness: a fresh database per test file (PGlite from the template dump, or a new
// PostgreSQL database copied from the template database), apps built on it with a manual clock,
// and an inject()-based "browser" that keeps cookies and sends the anti-forgery header like the
// real client.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp, type VigilApp } from '../app.js';
import type { Limits } from '../app-context.js';
import { type AppConfig, loadConfig } from '../config/env.js';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import { ManualClock } from '../shared/clock.js';
import './provided.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the database's URL (for processes a test starts). */
  url?: string;
  close(): Promise<void>;
}

/** A fresh, migrated and seeded database for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const kind = inject('databaseKind');
  if (kind === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))], { type: 'application/x-tar' });
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: template });
    return { handle, kind, close: () => handle.close() };
  }
  const adminUrl = inject('postgresUrl');
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const creator = await connect(adminUrl);
  // A copy of the migrated and seeded template (global-setup.postgres.ts).
  await creator.query(`create database ${name} template ${inject('postgresTemplate')} strategy file_copy`);
  await creator.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 5 });
  return {
    handle,
    kind,
    url: url.href,
    close: async () => {
      await handle.close();
      const client = await connect(adminUrl);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent/vigil-test',
    WEB_DIST: '/nonexistent/web',
    // A probe run a test queues without its own resolver asks nothing outside 127.0.0.1.
    PROBE_RESOLVER: '127.0.0.1:9',
    ...overrides,
  });
}

/** Collects log lines (to prove what never reaches them). */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(chunk.toString('utf8'));
    done();
  }
  text(): string {
    return this.lines.join('');
  }
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'database' | 'limits'>> {
  limits?: Partial<Limits>;
  env?: Record<string, string>;
}

/** The test apps' cookie secret (a test's server processes share it, as a deployment's nodes do). */
export const TEST_COOKIE_SECRET = 'test-cookie-secret-0123456789abcdef';

/** Builds an app on the file's database (not closing it with the app). */
export async function testApp(database: TestDatabase, options: TestAppOptions = {}) {
  const clock = options.clock instanceof ManualClock ? options.clock : new ManualClock(new Date());
  const { env, limits, ...rest } = options;
  const app = await buildApp({
    config: testConfig(env),
    cookieSecret: TEST_COOKIE_SECRET,
    publicUrl: 'http://127.0.0.1:3999',
    ...rest,
    clock,
    limits: { sensitivePerMinute: 1000, globalPerMinute: 0, ...limits },
    database: database.handle,
    ownsDatabase: false,
  });
  await app.ready();
  return { app, clock };
}

export type { VigilApp };
