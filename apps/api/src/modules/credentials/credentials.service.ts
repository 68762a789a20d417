import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream } from '../../platform/findings/findings.csv.js';
import { coreCells, coreHeader } from '../../platform/findings/findings.export.js';
import { type CoreRow, toFindingCore } from '../../platform/findings/findings.mapper.js';
import { iso } from '../../platform/findings/findings.query.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import {
  type CredentialListInput,
  credentialBatches,
  credentialsOfDevice,
  type DeviceListInput,
  deviceBatchAfter,
  findCredential,
  findDevice,
  listCredentialRows,
  listDeviceRows,
} from './credentials.repository.js';
import type { CredentialFindingsTable } from './credentials.table.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

type CredentialRow = CoreRow & {
  email: string;
  domain: string;
  source_kind: CredentialFindingsTable['source_kind'];
  source_name: string;
  breach_date: string | null;
  data_classes: string[];
  password_masked: string | null;
  url: string | null;
  device_id: number | null;
};

function toCredential(row: CredentialRow) {
  return {
    ...toFindingCore(row),
    email: row.email,
    domain: row.domain,
    source_kind: row.source_kind,
    source_name: row.source_name,
    breach_date: row.breach_date,
    data_classes: row.data_classes,
    password_masked: row.password_masked,
    password_type: row.password_masked ? ('plaintext' as const) : ('none' as const),
    url: row.url,
    device_id: row.device_id,
  };
}

type DeviceRow = CoreRow & {
  machine_name: string;
  malware_family: string;
  infection_date: Date | null;
  ip: string | null;
  country: string | null;
  os: string | null;
  urls: string[];
  credential_count: number;
};

function toDevice(row: DeviceRow) {
  return {
    ...toFindingCore(row),
    machine_name: row.machine_name,
    malware_family: row.malware_family,
    infection_date: iso(row.infection_date),
    ip: row.ip,
    country: row.country,
    os: row.os,
    urls: row.urls,
    credential_count: row.credential_count,
  };
}

export async function listCredentials({ ctx, auth, input }: Verb<CredentialListInput>) {
  const { rows, meta } = await listCredentialRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map(toCredential), meta };
}

export function exportCredentials({ ctx, auth, input }: Verb<CredentialListInput>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      ...coreHeader,
      'email',
      'domain',
      'source_kind',
      'source_name',
      'breach_date',
      'data_classes',
      'password_masked',
      'url',
    ],
    credentialBatches(ctx.db, scope, input),
    (r) => [
      ...coreCells(r),
      r.email,
      r.domain,
      r.source_kind,
      r.source_name,
      r.breach_date,
      r.data_classes,
      r.password_masked,
      r.url,
    ],
  );
}

/** One leaked credential for the drawer: the masked password only, never the password or its hash. */
export async function getCredential({ ctx, auth, input }: Verb<{ id: number }>) {
  const row = await findCredential(ctx.db, requireScope(auth.scope), input.id);
  if (!row) throw new ServiceError('not_found', 'Credential not found.');
  return { data: toCredential(row) };
}

export async function listInfostealerDevices({ ctx, auth, input }: Verb<DeviceListInput>) {
  const { rows, meta } = await listDeviceRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map(toDevice), meta };
}

export function exportInfostealerDevices({ ctx, auth, input }: Verb<DeviceListInput>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      ...coreHeader,
      'machine_name',
      'malware_family',
      'infection_date',
      'ip',
      'country',
      'os',
      'credential_count',
      'urls',
    ],
    (after) => deviceBatchAfter(ctx.db, scope, input, after),
    (r) => [
      ...coreCells(r),
      r.machine_name,
      r.malware_family,
      r.infection_date,
      r.ip,
      r.country,
      r.os,
      r.credential_count,
      r.urls,
    ],
  );
}

export async function getInfostealerDevice({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await findDevice(ctx.db, scope, input.id);
  if (!row) throw new ServiceError('not_found', 'Device not found.');
  const credentials = await credentialsOfDevice(ctx.db, scope, row.id);
  return { data: toDevice(row), credentials: credentials.map(toCredential) };
}
