// STUB (owner: RULES): the JS blacklist's entry points the scan writer calls. RULES replaces the bodies.
import type { Executor } from '../../../db/database.js';
import type { ScannedConnection, ScannedScript } from '../scanner/scan.types.js';

export interface BlacklistHit {
  entryId: number;
  kind: 'host' | 'url' | 'sha256';
  value: string;
  family: string | null;
  source: string;
}

export interface Blacklist {
  /** Entries matching the script's host (or a parent domain), URL or SHA-256. */
  matchScript(script: ScannedScript): BlacklistHit[];
  /** Entries matching the connection's host (or a parent domain) or URL. */
  matchConnection(connection: ScannedConnection): BlacklistHit[];
}

/** The company's active entries, loaded once per scan. */
export async function loadBlacklist(_db: Executor, _companyId: number): Promise<Blacklist> {
  return { matchScript: () => [], matchConnection: () => [] };
}

/** Adds the hits of one scan to the entries' hit counts (in the scan's transaction). */
export async function countBlacklistHits(_db: Executor, _companyId: number, _entryIds: number[]): Promise<void> {}
