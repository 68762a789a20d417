import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import { type ImportKind, useRecentImports } from '../api/imports-api';
import { ImportStatusBadge } from './import-status-badge';

/** The latest imports of the chosen format: a glance tells complete from partial from failed, and why. */
export function RecentImports({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const recent = useRecentImports(kind);
  const jobs = recent.data ?? [];
  return (
    <Box>
      <Text as="h3" fontSize="sm" fontWeight="medium" mb="1">
        {t('imports.recent')}
      </Text>
      {recent.isSuccess && jobs.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('imports.recentEmpty')}
        </Text>
      ) : (
        <chakra.ul listStyleType="none" fontSize="sm" data-testid="recent-imports">
          {jobs.map((job) => (
            <chakra.li key={job.id} py="1" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
              <Stack gap="0.5">
                <HStack justify="space-between" gap="2">
                  <Text truncate title={job.file_name}>
                    {job.file_name}
                  </Text>
                  <ImportStatusBadge job={job} testId="recent-import-status" />
                </HStack>
                <Text color="fg.muted" fontSize="xs">
                  {t('imports.recentCounts', {
                    date: format.date(job.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                    read: format.number(job.counts.read),
                    added: format.number(job.counts.added),
                    updated: format.number(job.counts.updated),
                    rejected: format.number(job.counts.rejected),
                  })}
                </Text>
                {job.error ? (
                  <Text color="fg.error" fontSize="xs" lineClamp={2} title={job.error}>
                    {job.error}
                  </Text>
                ) : null}
              </Stack>
            </chakra.li>
          ))}
        </chakra.ul>
      )}
    </Box>
  );
}
