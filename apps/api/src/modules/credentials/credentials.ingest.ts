import type { KeyObject } from 'node:crypto';
// Writers of the HIBP and stealer-log importers (the combolist's is `combolist.ingest.ts`): keep only
// the company's domains, mask and hash passwords, upsert findings by fingerprint and add the
// credential (or device) rows of new findings.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type IngestScope, upsertFindings } from '../../platform/findings/findings.ingest.js';
import type { Severity } from '../../platform/findings/findings.table.js';
import { companyOf, type WriteContext, type WriteOutcome } from '../../platform/imports/import.types.js';
import { hostOf, inDomains, maskPassword, passwordHmac, pgTextArray } from './credentials.secrets.js';
import type { HibpRecord } from './hibp.parser.js';
import { leaksPasswords } from './hibp-data-classes.js';
import type { DeviceRecord } from './infostealer.parser.js';

export interface CredentialState {
  domains: string[];
  key: KeyObject;
  /** The searched domain of an HIBP domain search. */
  searchDomain: string | null;
}

interface CredentialRow {
  findingId: number;
  email: string;
  domain: string;
  sourceKind: 'breach' | 'combolist' | 'infostealer';
  sourceName: string;
  breachDate: string | null;
  dataClasses: string[];
  masked: string | null;
  hash: string | null;
  url: string | null;
  deviceId: number | null;
}

function scopeOf(context: WriteContext): IngestScope {
  return {
    companyId: companyOf(context.job),
    module: 'credentials',
    jobId: context.job.id,
    isDemo: context.job.is_demo,
    now: context.now,
  };
}

/** Keeps the (source, domain) pairs the search reads (credentials.repository) beside new rows. */
export async function addCredentialSources(
  db: Executor,
  companyId: number,
  pairs: { sourceName: string; domain: string }[],
): Promise<void> {
  const distinct = [...new Map(pairs.map((p) => [`${p.sourceName}\u0000${p.domain}`, p])).values()];
  if (distinct.length === 0) return;
  await sql`
    insert into credential_sources (company_id, source_name, domain)
    select ${companyId}, t.source_name, t.domain
    from unnest(${distinct.map((p) => p.sourceName)}::text[], ${distinct.map((p) => p.domain)}::text[]) as t(source_name, domain)
    on conflict do nothing`.execute(db);
}

async function insertCredentialRows(db: Executor, companyId: number, rows: CredentialRow[]): Promise<void> {
  if (rows.length === 0) return;
  await addCredentialSources(db, companyId, rows);
  await sql`
    insert into credential_findings (finding_id, company_id, email, domain, source_kind, source_name, breach_date,
      data_classes, password_masked, password_hmac, url, device_id)
    select t.finding_id, ${companyId}, t.email, t.domain, t.source_kind, t.source_name, t.breach_date,
      t.data_classes::text[], t.masked, t.hash, t.url, t.device_id
    from unnest(${rows.map((r) => r.findingId)}::int[], ${rows.map((r) => r.email)}::text[],
      ${rows.map((r) => r.domain)}::text[], ${rows.map((r) => r.sourceKind)}::text[],
      ${rows.map((r) => r.sourceName)}::text[], ${rows.map((r) => r.breachDate)}::date[],
      ${rows.map((r) => pgTextArray(r.dataClasses))}::text[], ${rows.map((r) => r.masked)}::text[],
      ${rows.map((r) => r.hash)}::text[], ${rows.map((r) => r.url)}::text[], ${rows.map((r) => r.deviceId)}::int[])
      as t(finding_id, email, domain, source_kind, source_name, breach_date, data_classes, masked, hash, url, device_id)
    on conflict (finding_id) do nothing`.execute(db);
}

function tally(results: { inserted: boolean }[], ignored: number): WriteOutcome {
  const added = results.filter((r) => r.inserted).length;
  return { added, updated: results.length - added, ignored };
}

export async function writeHibp(
  db: Executor,
  context: WriteContext,
  state: CredentialState,
  records: HibpRecord[],
): Promise<WriteOutcome> {
  let added = 0;
  for (const b of records) {
    if (b.type !== 'breach') continue;
    const values = {
      title: b.title,
      domain: b.domain,
      breach_date: b.breachDate,
      added_at: b.addedAt,
      pwn_count: b.pwnCount === null ? null : String(b.pwnCount),
      data_classes: b.dataClasses,
      is_verified: b.isVerified,
      is_sensitive: b.isSensitive,
      description: b.description,
      updated_at: context.now,
    };
    const row = await db
      .insertInto('breaches')
      .values({ name: b.name, ...values })
      .onConflict((oc) => oc.column('name').doUpdateSet(values))
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
      .executeTakeFirst();
    if (row?.inserted) added += 1;
  }
  const accounts = records.filter((r) => r.type === 'account');
  const breachCount = records.length - accounts.length;
  if (accounts.length === 0) return { added, updated: breachCount - added, ignored: 0 };
  const domain = state.searchDomain;
  if (!domain) {
    throw new Error('An HIBP domain search needs its domain: pass ?domain= or name the file after the domain.');
  }
  const names = [...new Set(accounts.map((a) => a.breach))];
  const known = new Map(
    (
      await db
        .selectFrom('breaches')
        .select(['name', 'title', sql<string | null>`breach_date::text`.as('breach_date'), 'added_at', 'data_classes'])
        .where('name', 'in', names)
        .execute()
    ).map((b) => [b.name, b]),
  );
  const items = accounts.map((a) => {
    const email = `${a.alias}@${domain}`;
    const breach = known.get(a.breach);
    const classes = breach?.data_classes ?? [];
    const severity: Severity = leaksPasswords(classes) ? 'high' : 'medium';
    return { a, email, breach, classes, severity, fingerprint: `breach:${email}:${a.breach}` };
  });
  const results = await upsertFindings(
    db,
    scopeOf(context),
    items.map((i) => ({
      fingerprint: i.fingerprint,
      title: `${i.email} in the ${i.breach?.title ?? i.a.breach} breach`,
      severity: i.severity,
      seenAt: i.breach?.added_at ?? context.seenAt,
    })),
  );
  const byFingerprint = new Map(items.map((i) => [i.fingerprint, i]));
  const rows: CredentialRow[] = [];
  for (const result of results) {
    const i = byFingerprint.get(result.fingerprint);
    if (!result.inserted || !i) continue;
    rows.push({
      findingId: result.id,
      email: i.email,
      domain,
      sourceKind: 'breach',
      sourceName: i.a.breach,
      breachDate: i.breach?.breach_date ?? null,
      dataClasses: i.classes,
      masked: null,
      hash: null,
      url: null,
      deviceId: null,
    });
  }
  await insertCredentialRows(db, companyOf(context.job), rows);
  const outcome = tally(results, 0);
  return { added: outcome.added + added, updated: outcome.updated + breachCount - added, ignored: 0 };
}

export async function writeInfostealer(
  db: Executor,
  context: WriteContext,
  state: CredentialState,
  records: DeviceRecord[],
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { added: 0, updated: 0, ignored: 0 };
  for (const device of records) {
    const kept = device.credentials.flatMap((c) => {
      const host = hostOf(c.url);
      const domain = inDomains(c.username, state.domains) ?? (host ? inDomains(host, state.domains) : undefined);
      return domain ? [{ ...c, domain, host: host ?? c.url, hash: passwordHmac(state.key, c.password) }] : [];
    });
    if (kept.length === 0) {
      outcome.ignored += 1;
      continue;
    }
    const deviceKey = passwordHmac(state.key, `${device.hwid ?? ''}|${device.machineName}|${device.folder}`).slice(
      0,
      32,
    );
    const seenAt = device.infectionDate ?? context.seenAt;
    const [deviceResult] = await upsertFindings(db, scopeOf(context), [
      {
        fingerprint: `device:${deviceKey}`,
        title: `${device.machineName} infected by ${device.malwareFamily}`,
        severity: 'critical',
        seenAt,
      },
    ]);
    if (!deviceResult) continue;
    const urls = [...new Set(kept.map((c) => c.url))].slice(0, 200);
    await db
      .insertInto('infostealer_devices')
      .values({
        finding_id: deviceResult.id,
        company_id: companyOf(context.job),
        machine_name: device.machineName,
        malware_family: device.malwareFamily,
        infection_date: device.infectionDate,
        ip: device.ip,
        country: device.country,
        os: device.os,
        urls,
        credential_count: kept.length,
      })
      .onConflict((oc) => oc.column('finding_id').doUpdateSet({ urls, credential_count: kept.length }))
      .execute();
    const items = kept.map((c) => ({
      ...c,
      fingerprint: `stealer:${c.username.toLowerCase()}:${c.host}:${c.hash.slice(0, 32)}`,
    }));
    const results = await upsertFindings(
      db,
      scopeOf(context),
      items.map((c) => ({
        fingerprint: c.fingerprint,
        title: `${c.username} on ${c.host} (${device.malwareFamily} log)`,
        severity: 'critical',
        seenAt,
      })),
    );
    const byFingerprint = new Map(items.map((c) => [c.fingerprint, c]));
    const rows: CredentialRow[] = [];
    for (const result of results) {
      const c = byFingerprint.get(result.fingerprint);
      if (!result.inserted || !c) continue;
      rows.push({
        findingId: result.id,
        email: c.username.toLowerCase(),
        domain: c.domain,
        sourceKind: 'infostealer',
        sourceName: device.malwareFamily,
        breachDate: device.infectionDate ? device.infectionDate.toISOString().slice(0, 10) : null,
        dataClasses: ['Usernames', 'Passwords', 'URLs'],
        masked: maskPassword(c.password),
        hash: c.hash,
        url: c.url,
        deviceId: deviceResult.id,
      });
    }
    await insertCredentialRows(db, companyOf(context.job), rows);
    const t = tally([deviceResult, ...results], 0);
    outcome.added += t.added;
    outcome.updated += t.updated;
  }
  return outcome;
}
