import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stayOpenOnFocusOutside } from '@/components/ui/modal-focus';
import { TextInput } from '@/components/ui/text-input';
import { SEARCH_MAX, SEARCH_MIN, type SearchHit } from '../api/search-api';
import { SearchResults } from './search-results';
import { useSearchBox } from './use-search-box';

/** Hits per group in the palette: the top of each kind; the rest is on /search. */
const PALETTE_LIMIT = 3;

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  openHit: (hit: SearchHit) => void;
  /** Goes to /search with the text. */
  seeAll: (q: string) => void;
}

/**
 * The command palette (Ctrl+K / ⌘K on every signed-in screen): a modal dialog (focus kept inside,
 * Esc closes) with a search field and the top hits of each kind, and "See all results" to /search.
 */
export function SearchPalette({ open, onOpenChange, openHit, seeAll }: SearchPaletteProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const close = () => onOpenChange(false);
  const all = () => {
    close();
    seeAll(text.trim());
  };
  const box = useSearchBox(
    text,
    PALETTE_LIMIT,
    (hit) => {
      close();
      openHit(hit);
    },
    { onEnterWithout: () => (text.trim().length >= SEARCH_MIN ? all() : undefined) },
  );
  const typed = text.trim();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      onFocusOutside={stayOpenOnFocusOutside}
      placement="top"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="search-palette">
            <Dialog.Header>
              <Dialog.Title>{t('search.paletteTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <TextInput
                label={t('search.label')}
                name="q"
                type="search"
                autoComplete="off"
                maxLength={SEARCH_MAX}
                placeholder={t('search.placeholder')}
                value={text}
                onValueChange={setText}
                data-testid="palette-input"
                {...box.inputProps}
              />
              <Box mt="3" aria-live="polite">
                {typed.length >= SEARCH_MIN && box.query.data && box.groups.length === 0 && !box.query.isFetching ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t('search.nothing', { q: box.query.data.q })}
                  </Text>
                ) : null}
                {box.query.isError ? (
                  <Text fontSize="sm" color="fg.error">
                    {t('search.failed')}
                  </Text>
                ) : null}
              </Box>
              {typed.length >= SEARCH_MIN ? (
                <SearchResults
                  listId={box.listId}
                  label={t('search.resultsLabel')}
                  groups={box.groups}
                  active={box.active}
                  onActive={box.setActive}
                  onOpen={(hit) => {
                    close();
                    openHit(hit);
                  }}
                />
              ) : null}
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Text fontSize="xs" color="fg.muted">
                {t('search.keys')}
              </Text>
              <Button
                size="sm"
                variant="outline"
                disabled={typed.length < SEARCH_MIN}
                onClick={all}
                data-testid="see-all"
              >
                {t('search.seeAll')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
