// The condition of one inventory's rows: a supplier's (`= id`) or the company's own (`is null`).
// Written out per case because an index serves both, while `is not distinct from` is served by
// none: an import of 100,000 hosts spent its time scanning the inventory once per batch.
import { sql } from 'kysely';

export const ofSupplier = (column: string, supplierId: number | null) =>
  supplierId === null ? sql<boolean>`${sql.ref(column)} is null` : sql<boolean>`${sql.ref(column)} = ${supplierId}`;
