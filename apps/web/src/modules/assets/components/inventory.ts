import type { AssetQuery } from '../api/assets-api';

/**
 * Whose assets a screen shows: the company's own (`/companyassets`), or its suppliers'
 * (`/supplierassets`): one supplier's when picked (probe runs and scope need one), else all of them.
 */
export type Inventory = { owner: 'company' } | { owner: 'suppliers'; supplierId: number | null };

/** The inventory as the assets list's query parameters. */
export function inventoryQuery(inventory: Inventory): Pick<AssetQuery, 'owner' | 'supplier_id'> {
  if (inventory.owner === 'company') return {};
  return inventory.supplierId === null ? { owner: 'suppliers' } : { supplier_id: inventory.supplierId };
}

/** The one inventory a probe run or a scope belongs to: null for the company's, a supplier's id, or none picked. */
export function probedInventory(inventory: Inventory): { supplierId: number | null } | undefined {
  if (inventory.owner === 'company') return { supplierId: null };
  return inventory.supplierId === null ? undefined : { supplierId: inventory.supplierId };
}
