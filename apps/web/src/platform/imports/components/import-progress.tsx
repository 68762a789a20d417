import { Alert, Box, Button, chakra, Heading, HStack, Progress, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useFormat } from '@/lib/i18n/format';
import { type ImportJob, isFinished, useCancelJob, useImportJob } from '../api/imports-api';
import { ImportStatusBadge, outcomeOf, outcomePalette } from './import-status-badge';

export interface ImportProgressProps {
  jobId: number;
  /** Called once when the job has ended (succeeded, failed or cancelled). */
  onFinished?: (job: ImportJob) => void;
  interval?: number;
}

/** A running import, live: progress, counts, the first rejects with their reasons, and the log. */
export function ImportProgress({ jobId, onFinished, interval = 1000 }: ImportProgressProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const job = useImportJob(jobId, interval);
  const cancel = useCancelJob(jobId);
  const reported = useRef(false);
  const data = job.data;
  useEffect(() => {
    if (!data || reported.current) return;
    if (isFinished(data)) {
      reported.current = true;
      onFinished?.(data);
    }
  }, [data, onFinished]);

  if (!data)
    return (
      <Progress.Root value={null} size="sm">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    );
  const percent = Math.round(data.progress * 100);
  return (
    <Stack gap="3" data-testid="import-progress" aria-live="polite">
      <HStack justify="space-between">
        <Text fontWeight="medium" truncate>
          {data.file_name}
        </Text>
        <HStack>
          {isFinished(data) ? null : (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              loading={cancel.isPending}
              disabled={cancel.data?.status === 'cancelling'}
              onClick={() => cancel.mutate()}
            >
              {cancel.data?.status === 'cancelling' ? t('imports.cancelling') : t('imports.cancel')}
            </Button>
          )}
          <ImportStatusBadge job={data} />
        </HStack>
      </HStack>
      <Progress.Root value={percent} size="sm" colorPalette={outcomePalette[outcomeOf(data)]}>
        <Progress.Label srOnly>{t('imports.progress')}</Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
        <Progress.ValueText fontSize="xs">{`${percent} %`}</Progress.ValueText>
      </Progress.Root>
      <SimpleGrid columns={4} gap="2">
        {(['read', 'added', 'updated', 'rejected'] as const).map((key) => (
          <Stat.Root key={key} size="sm" borderWidth="1px" borderRadius="l2" p="2">
            <Stat.Label>{t(`imports.counts.${key}`)}</Stat.Label>
            <Stat.ValueText data-testid={`count-${key}`}>{format.number(data.counts[key])}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <ErrorAlert message={data.error} />
      {data.partial ? (
        <Alert.Root status="warning" size="sm" data-testid="import-partial">
          <Alert.Indicator />
          <Alert.Title>
            {t('imports.partialNote', {
              rejected: format.number(data.counts.rejected),
              read: format.number(data.counts.read),
            })}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {data.rejects.length > 0 ? (
        <Box>
          <Heading as="h3" size="xs" mb="1">
            {t('imports.rejects', { count: data.counts.rejected })}
          </Heading>
          <chakra.ul fontSize="sm" ps="4" maxH="32" overflowY="auto">
            {data.rejects.slice(0, 10).map((reject) => (
              <li key={`${reject.file}:${reject.line}:${reject.reason}`}>
                {t('imports.rejectLine', { file: reject.file, line: reject.line, reason: reject.reason })}
              </li>
            ))}
          </chakra.ul>
        </Box>
      ) : null}
      {data.log.length > 0 ? (
        <Box>
          <Heading as="h3" size="xs" mb="1">
            {t('imports.log')}
          </Heading>
          <chakra.pre
            fontSize="xs"
            bg="bg.muted"
            p="2"
            borderRadius="l2"
            maxH="32"
            overflow="auto"
            whiteSpace="pre-wrap"
          >
            {data.log.map((line) => `${line.at.slice(11, 19)} ${line.level.toUpperCase()} ${line.message}`).join('\n')}
          </chakra.pre>
        </Box>
      ) : null}
    </Stack>
  );
}
