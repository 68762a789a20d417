import { useCallback, useState } from 'react';

const storageKey = (tableId: string) => `vigil.table.${tableId}.hidden`;

function readHidden(tableId: string, fallback: string[]): string[] {
  try {
    const raw = localStorage.getItem(storageKey(tableId));
    if (raw === null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : fallback;
  } catch {
    return fallback;
  }
}

/** The columns a user hid in one table, remembered per table in localStorage. */
export function useColumnVisibility(tableId: string, defaultHidden: string[]) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(tableId, defaultHidden));
  const toggle = useCallback(
    (columnId: string, visible: boolean) => {
      setHidden((current) => {
        const next = visible ? current.filter((id) => id !== columnId) : [...new Set([...current, columnId])];
        try {
          localStorage.setItem(storageKey(tableId), JSON.stringify(next));
        } catch {
          // Private mode without storage: the choice lasts for this page only.
        }
        return next;
      });
    },
    [tableId],
  );
  return { hidden, toggle };
}
