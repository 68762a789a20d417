import { Badge, Button, Heading, HStack, Image, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EvidenceList, type FindingSlots } from '@/components/data-table';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { type StoreCloneDetail, useBlacklistClone, useStoreClone, useStoreClones } from './clones-api';

/** Similarity to the real store as a percentage, coloured from 60 % (a clone) and 85 % (a copy). */
export function SimilarityBadge({ value }: { value: number | null }) {
  const format = useFormat();
  if (value === null) return <Text as="span">—</Text>;
  const palette = value >= 0.85 ? 'red' : value >= 0.6 ? 'orange' : 'gray';
  return (
    <Badge colorPalette={palette} variant="subtle" size="sm">
      {format.number(value, { style: 'percent' })}
    </Badge>
  );
}

/** The candidate a drawer opens: `c<id>` is a candidate, a bare number its finding (an alert's link). */
function useCandidateId(openId: string): number | null {
  const byFinding = /^\d+$/.test(openId) ? Number(openId) : null;
  const found = useStoreClones({ finding_id: byFinding ?? 1, page_size: 1 }, byFinding !== null);
  if (byFinding === null) return /^c\d+$/.test(openId) ? Number(openId.slice(1)) : null;
  return found.data?.data[0]?.id ?? null;
}

const shotUrl = (clone: StoreCloneDetail, captureId: number) =>
  apiUrl(`/store-clones/${clone.id}/captures/${captureId}/screenshot`);

function BlacklistAction({ clone, canChange }: { clone: StoreCloneDetail; canChange: boolean }) {
  const { t } = useTranslation();
  const add = useBlacklistClone();
  if (clone.blacklist_entry_id !== null) {
    return (
      <Link asChild colorPalette="blue" fontSize="sm">
        <RouterLink to={`/vtexblacklist?open=${clone.blacklist_entry_id}`}>
          {t('scripts.clones.onBlacklist')}
        </RouterLink>
      </Link>
    );
  }
  if (!canChange) return null;
  const failure = add.error instanceof ApiError ? add.error.serverMessage || add.error.message : null;
  return (
    <HStack gap="2">
      <Button size="sm" variant="outline" loading={add.isPending} onClick={() => add.mutate(clone.id)}>
        {t('scripts.clones.addToBlacklist')}
      </Button>
      {failure ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {failure}
        </Text>
      ) : null}
    </HStack>
  );
}

/** One candidate: its screenshot, the evidence, its captures, the blacklist action and the finding's triage. */
export function CloneDetail({ openId, slots }: { openId: string; slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const canChange = slots.useCanChange();
  const one = useStoreClone(useCandidateId(openId));
  const clone = one.data;
  if (!clone) return one.isError ? <Text>{t('scripts.clones.notFound')}</Text> : <Skeleton height="40" />;
  const capture = clone.last_capture;
  return (
    <Stack gap="5">
      <Heading as="h3" size="md" fontFamily="mono" overflowWrap="anywhere">
        {clone.domain}
      </Heading>
      {capture?.has_screenshot ? (
        <Link href={shotUrl(clone, capture.id)} target="_blank" rel="noreferrer">
          <Image
            src={shotUrl(clone, capture.id)}
            alt={t('scripts.clones.screenshotOf', { domain: clone.domain })}
            borderWidth="1px"
            borderRadius="md"
            maxW="full"
          />
        </Link>
      ) : null}
      <BlacklistAction clone={clone} canChange={canChange} />
      <EvidenceList
        items={[
          { label: t('scripts.clones.similarity'), value: <SimilarityBadge value={clone.similarity} /> },
          { label: t('scripts.clones.url'), value: capture?.final_url ?? clone.url },
          { label: t('scripts.clones.pageTitle'), value: capture?.title },
          { label: t('scripts.clones.contentHash'), value: clone.content_sha256 },
          { label: t('scripts.clones.fingerprints'), value: clone.fingerprints.join(', ') },
          { label: t('scripts.clones.matchedTerms'), value: clone.matched_terms.join(', ') },
          {
            label: t('scripts.clones.permutation'),
            value: clone.permutation ? t(`scripts.clones.permutations.${clone.permutation}`, clone.permutation) : null,
          },
          { label: t('scripts.clones.address'), value: clone.address },
          { label: t('scripts.clones.store'), value: clone.store?.name },
          { label: t('scripts.clones.reference'), value: clone.reference_url },
          { label: t('scripts.clones.firstSeen'), value: format.date(clone.first_seen_at) },
          { label: t('scripts.clones.lastSeen'), value: format.date(clone.last_seen_at) },
        ]}
      />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('scripts.clones.capturesTitle')}
        </Heading>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('scripts.clones.capturedAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('scripts.clones.capture')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('scripts.clones.similarity')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('scripts.clones.httpStatus')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {clone.captures.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell>{format.date(c.captured_at, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Cell>
                <Table.Cell>
                  {t(`scripts.clones.captures.${c.status}`)}
                  {c.error ? ` (${c.error})` : ''}
                </Table.Cell>
                <Table.Cell>
                  <SimilarityBadge value={c.similarity} />
                </Table.Cell>
                <Table.Cell>{c.http_status ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
      {clone.finding ? (
        slots.renderFinding(clone.finding.id)
      ) : (
        <Text fontSize="sm">{t('scripts.clones.belowThreshold')}</Text>
      )}
    </Stack>
  );
}
