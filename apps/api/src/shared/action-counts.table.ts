// The table of per-action counts (shared/action-limits.ts), apart from the code that counts, so
// the database's table list (db/database.ts) and the counter do not import each other.
export interface ActionCountsTable {
  /** `<action>:user:<user id>` or `<action>:company:<company id>`. */
  key: string;
  /** The start of the fixed window (a multiple of its length since the epoch). */
  window_start: Date;
  count: number;
}
