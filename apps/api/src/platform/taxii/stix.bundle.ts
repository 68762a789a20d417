// A STIX 2.1 bundle of a filtered findings list (the list screens' "Export STIX"): the company's
// identity, each finding's objects (the TAXII collections' mappers, so the same ids) and a report
// referring to them, streamed in keyset batches like the CSV export.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import type { TenantScope } from '../../shared/tenant.js';
import { EXPORT_BATCH } from '../findings/findings.csv.js';
import { type FindingListInput, findingListBase } from '../findings/findings.repository.js';
import { stixTime } from './stix.ids.js';
import { credentialObjects, cveVulnerability, scriptObjects, vulnerableAssetObjects } from './stix.mapping.js';
import { type CompanyRef, companyIdentity, type StixObject } from './stix.objects.js';
import { callerOf } from './taxii.service.js';

export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';

function rowsAfter(ctx: AppContext, scope: TenantScope, input: FindingListInput, after: number) {
  return findingListBase(ctx.db, scope, input)
    .leftJoin('credential_findings as cf', 'cf.finding_id', 'f.id')
    .leftJoin('vulnerability_findings as vf', 'vf.finding_id', 'f.id')
    .leftJoin('cves as vc', 'vc.cve_id', 'vf.cve_id')
    .leftJoin('script_findings as sf', 'sf.finding_id', 'f.id')
    .leftJoin('page_scripts as ps', 'ps.id', 'sf.page_script_id')
    .leftJoin('cve_findings as cvf', 'cvf.finding_id', 'f.id')
    .leftJoin('cves as c', 'c.cve_id', 'cvf.cve_id')
    .select([
      'f.id',
      'f.module',
      'f.title',
      'f.severity',
      'f.created_at',
      'f.updated_at',
      'f.first_seen_at',
      'f.last_seen_at',
      'cf.domain',
      'cf.url',
      'cf.source_kind',
      'cf.source_name',
      'vf.host',
      'vf.template_id',
      'vf.name as check_name',
      'vf.cve_id as asset_cve_id',
      sql<boolean>`vc.cve_id is not null`.as('in_catalogue'),
      'sf.kind as script_kind',
      'ps.url as script_url',
      'ps.host as script_host',
      'c.cve_id',
      'c.published_at',
      'c.updated_at as cve_updated_at',
      'c.description',
    ])
    .where(sql<boolean>`f.id > ${after}`)
    .orderBy('f.id')
    .limit(EXPORT_BATCH)
    .execute();
}

type ExportRow = Awaited<ReturnType<typeof rowsAfter>>[number];

/** The objects of one finding, or [] for a module without a STIX mapping. */
export function findingObjects(r: ExportRow, company: CompanyRef): StixObject[] {
  const base = {
    at: r.updated_at,
    key: r.id,
    created_at: r.created_at,
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
  };
  if (r.domain !== null && r.source_kind !== null && r.source_name !== null) {
    const row = {
      ...base,
      severity: r.severity,
      domain: r.domain,
      url: r.url,
      source_kind: r.source_kind,
      source_name: r.source_name,
    };
    return credentialObjects(row, company);
  }
  if (r.host !== null && r.template_id !== null && r.check_name !== null) {
    const row = {
      ...base,
      host: r.host,
      template_id: r.template_id,
      name: r.check_name,
      cve_id: r.asset_cve_id,
      in_catalogue: r.in_catalogue,
    };
    return vulnerableAssetObjects(row, company);
  }
  if (r.script_kind !== null && (r.script_url !== null || r.script_host !== null)) {
    return scriptObjects(
      { ...base, title: r.title, kind: r.script_kind, url: r.script_url, host: r.script_host },
      company,
    );
  }
  if (r.cve_id !== null && r.cve_updated_at !== null) {
    return [
      cveVulnerability({
        cve_id: r.cve_id,
        published_at: r.published_at,
        at: r.cve_updated_at,
        description: r.description ?? '',
      }),
    ];
  }
  return [];
}

/** The bundle as a stream: `{"type":"bundle","id":…,"objects":[…]}`, objects written batch by batch. */
export async function exportFindingsStix({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: FindingListInput;
}): Promise<Readable> {
  // Who and which company before the first byte: a refusal is still an error answer, not a cut stream.
  const caller = await callerOf(ctx, auth);

  async function* chunks() {
    const now = stixTime(ctx.clock.now());
    const identity = companyIdentity(caller.company);
    yield `{"type":"bundle","id":"bundle--${randomUUID()}","objects":[${JSON.stringify(identity)}`;
    // The report refers to every object given (ids only are kept, not the objects).
    const refs = new Set<string>();
    let unmapped = 0;
    let last = 0;
    for (;;) {
      const rows = await rowsAfter(ctx, caller.scope, input, last);
      let text = '';
      for (const row of rows) {
        const objects = findingObjects(row, caller.company);
        if (objects.length === 0) unmapped += 1;
        for (const object of objects) {
          if (refs.has(object.id)) continue;
          refs.add(object.id);
          text += `,${JSON.stringify(object)}`;
        }
      }
      if (text) yield text;
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_BATCH) break;
      last = tail.id;
    }
    const report: StixObject = {
      type: 'report',
      spec_version: '2.1',
      id: `report--${randomUUID()}`,
      created_by_ref: identity.id,
      created: now,
      modified: now,
      name: `Vigil findings of ${caller.company.name}`,
      description:
        unmapped > 0 ? `${unmapped} findings of modules without a STIX mapping are not included.` : undefined,
      report_types: ['threat-report'],
      published: now,
      object_refs: [identity.id, ...refs],
    };
    yield `,${JSON.stringify(report)}]}`;
  }
  return Readable.from(chunks());
}
