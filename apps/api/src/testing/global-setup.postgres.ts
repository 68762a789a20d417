// PostgreSQL for the suite: TEST_DATABASE_URL when set, else a throwaway cluster made with
// initdb/pg_ctl in a temp dir on 127.0.0.1 and a free port (as user postgres when we are root,
// since initdb refuses root), stopped and removed at the end. One database is migrated and seeded
// here as a template; test files each create theirs as a copy of it (CREATE DATABASE … TEMPLATE,
// ~0.1 s) instead of running the migrations and the seed's argon2 hashes each (~2 s a file).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pathDirectories, testDatabaseUrl } from '../config/env.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrations.js';
import { seedDemo } from '../demo/demo.seed.js';
import './provided.js';

function findBinary(name: string): string | undefined {
  const dirs = pathDirectories().concat('/usr/lib/postgresql/15/bin');
  for (const dir of dirs) {
    const candidate = join(dir, name);
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates the migrated and seeded template database; returns its name and how to drop it. */
async function createTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `vigil_template_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, new Date(Date.now() - 60_000));
  } finally {
    // No connection may stay open on a template while databases are copied from it.
    await handle.close();
  }
  return { name, drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`) };
}

async function provideDatabase(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const started = Date.now();
  const template = await createTemplate(adminUrl);
  project.provide('databaseKind', 'postgres');
  project.provide('postgresUrl', adminUrl);
  project.provide('postgresTemplate', template.name);
  console.log(`[vigil api tests] PostgreSQL: migrated template database in ${Date.now() - started} ms`);
  return template.drop;
}

export default async function setup(project: TestProject) {
  const given = testDatabaseUrl();
  if (given) {
    console.log('[vigil api tests] database: PostgreSQL from TEST_DATABASE_URL');
    return provideDatabase(project, given);
  }
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('initdb/pg_ctl not found');
  const started = Date.now();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'vigil-pg-'));
  if (root) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  const asPostgres = (binary: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' })
      : execFileSync(binary, args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  asPostgres(initdb, ['-D', data, '-U', 'vigil', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asPostgres(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'log.txt'), '-w', 'start']);
  const version = execFileSync(pgCtl, ['--version']).toString().trim();
  const url = `postgres://vigil@127.0.0.1:${port}/postgres`;
  const stop = () => {
    try {
      asPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  console.log(
    `[vigil api tests] database: PostgreSQL throwaway cluster (${version}) on 127.0.0.1:${port}, started in ${Date.now() - started} ms`,
  );
  try {
    await provideDatabase(project, url);
  } catch (error) {
    stop();
    throw error;
  }
  // The cluster goes away whole: no need to drop the template first.
  return stop;
}
