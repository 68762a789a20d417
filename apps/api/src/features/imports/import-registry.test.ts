// Batch sizes: on PGlite (one connection) every other query waits for a batch's statement, so its
// batches are a fifth of PostgreSQL's: a combolist batch writes in ~50 ms instead of ~250 ms.
import { describe, expect, it } from 'vitest';
import { batchSizeOf } from './import-registry.js';
import type { ImportKind } from './imports.table.js';

const kinds: ImportKind[] = ['combolist', 'hibp', 'infostealer', 'nvd', 'kev', 'epss', 'nuclei'];

describe('batch sizes', () => {
  it('keeps PGlite batches at a fifth of PostgreSQL’s, and at least one record', () => {
    expect(batchSizeOf('combolist', 'postgres')).toBe(5000);
    expect(batchSizeOf('combolist', 'pglite')).toBe(1000);
    for (const kind of kinds) {
      expect(batchSizeOf(kind, 'pglite')).toBe(Math.max(1, Math.ceil(batchSizeOf(kind, 'postgres') / 5)));
    }
  });
});
