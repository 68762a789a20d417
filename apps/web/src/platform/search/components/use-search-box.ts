import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useDebounced } from '@/components/data-table/use-debounced';
import { type SearchHit, useSearch } from '../api/search-api';
import { flatHits, optionId } from './search-results';

/**
 * A search field and its results as a combobox: the text (debounced before it is asked), the
 * answer, the active option (↑/↓ move it, Enter opens it; the field keeps the focus) and the props
 * that tie the field to the listbox for assistive technology.
 */
export function useSearchBox(
  text: string,
  limit: number,
  onOpen: (hit: SearchHit) => void,
  extra: { onEnterWithout?: () => void } = {},
) {
  const listId = useId();
  const debounced = useDebounced(text, 250);
  const query = useSearch(debounced, limit);
  const groups = query.data?.groups ?? [];
  const hits = flatHits(groups);
  const [active, setActive] = useState(-1);
  // A new answer starts again from its first hit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the answer changes
  useEffect(() => setActive(hits.length > 0 ? 0 : -1), [query.data]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? hits.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) onOpen(hit);
      else extra.onEnterWithout?.();
    }
  };
  const inputProps = {
    role: 'combobox',
    'aria-expanded': hits.length > 0,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': active >= 0 && hits.length > 0 ? optionId(listId, active) : undefined,
    onKeyDown,
  };
  return { listId, query, groups, active, setActive, inputProps, settled: debounced === text };
}
