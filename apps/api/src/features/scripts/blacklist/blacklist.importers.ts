// STUB (owner: RULES): the JS blacklist's import kinds (CSV and plain list) and their demo file;
// scripts.module.ts spreads them. RULES replaces it.
import type { RegisteredImporter } from '../../imports/import.types.js';
import type { DemoFile, DemoInput } from '../../monitoring/monitoring-module.js';

export const blacklistImporters: readonly RegisteredImporter[] = [];

export function blacklistDemo(_input: DemoInput): DemoFile[] {
  return [];
}
