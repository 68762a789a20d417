import { Box, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextInput } from '@/components/ui/text-input';
import { SEARCH_MAX, SEARCH_MIN, type SearchHit } from '../api/search-api';
import { SearchResults } from './search-results';
import { useSearchBox } from './use-search-box';

/** Hits per group on the screen (the palette shows fewer). */
const SCREEN_LIMIT = 20;

export interface SearchScreenProps {
  /** Opens a hit: switches to its company first when it is another one (app/ composes it). */
  openHit: (hit: SearchHit) => void;
}

/**
 * `/search`: one box over every module's records of the user's companies, grouped by kind with
 * counts and the matches marked. The text is the URL's `?q=` (shareable, back and forward keep it).
 */
export function SearchScreen({ openHit }: SearchScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const box = useSearchBox(text, SCREEN_LIMIT, openHit);
  // The URL follows the settled text (replace: typing is not a history of its own).
  useEffect(() => {
    const q = box.settled ? text.trim() : null;
    if (q === null || q === (params.get('q') ?? '')) return;
    setParams(q ? { q } : {}, { replace: true });
  }, [box.settled, text, params, setParams]);
  // Back or forward to another search shows its text (the text typed since is kept otherwise).
  useEffect(() => {
    const q = params.get('q') ?? '';
    setText((current) => (current.trim() === q ? current : q));
  }, [params]);
  const typed = text.trim();
  const total = box.groups.reduce((n, g) => n + g.hits.length, 0);
  return (
    <>
      <PageHeader
        title={t('screens.search.title')}
        trail={[t('nav.groups.intelligence')]}
        description={t('search.description')}
      />
      <Box maxW="3xl">
        <TextInput
          label={t('search.label')}
          name="q"
          type="search"
          autoComplete="off"
          autoFocus
          maxLength={SEARCH_MAX}
          placeholder={t('search.placeholder')}
          value={text}
          onValueChange={setText}
          data-testid="search-input"
          {...box.inputProps}
        />
        <Box aria-live="polite" minH="6" mt="2" mb="3" fontSize="sm" color="fg.muted">
          {typed.length > 0 && typed.length < SEARCH_MIN ? (
            <Text>{t('search.tooShort', { count: SEARCH_MIN })}</Text>
          ) : box.query.isFetching ? (
            <Spinner size="xs" aria-label={t('search.searching')} />
          ) : box.query.data && typed.length >= SEARCH_MIN ? (
            <Text data-testid="search-summary">
              {total === 0 ? t('search.nothing', { q: box.query.data.q }) : t('search.summary', { count: total })}
            </Text>
          ) : typed.length === 0 ? (
            <Text>{t('search.hint')}</Text>
          ) : null}
        </Box>
        <ErrorAlert message={box.query.isError ? t('search.failed') : undefined} />
        {typed.length >= SEARCH_MIN ? (
          <SearchResults
            listId={box.listId}
            label={t('search.resultsLabel')}
            groups={box.groups}
            active={box.active}
            onActive={box.setActive}
            onOpen={openHit}
          />
        ) : null}
      </Box>
    </>
  );
}
