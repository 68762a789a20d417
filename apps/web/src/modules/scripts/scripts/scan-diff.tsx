import { Badge, Heading, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EvidenceList } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import { useSearchHref } from '@/lib/search-href';
import { ScanStatusBadge } from './badges';
import { ScriptFindings } from './script-sections';
import { type ScriptScan, useScriptScan } from './scripts-api';

/** One scan: its facts, the security headers and their changes, what changed (each script opens) and its findings. */
export function ScanDiff({ id }: { id: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const href = useSearchHref();
  const scan = useScriptScan(id);
  if (scan.isPending) return <Skeleton height="32" />;
  if (!scan.data) return <Text color="fg.error">{t('scripts.manager.loadFailed')}</Text>;
  const { scan: s, changes, findings } = scan.data;
  const when = (value: string) => format.date(value, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="5" data-testid="scan-diff">
      <EvidenceList
        items={[
          { label: t('scripts.manager.page'), value: `${s.page.store_name} · ${s.page.url}` },
          { label: t('scripts.manager.scan.status'), value: <ScanStatusBadge status={s.status} /> },
          { label: t('scripts.manager.scan.started'), value: when(s.started_at) },
          { label: t('scripts.manager.scan.finished'), value: s.finished_at ? when(s.finished_at) : null },
          { label: t('scripts.manager.scan.finalUrl'), value: s.final_url },
          { label: t('scripts.manager.scan.httpStatus'), value: s.http_status },
          { label: t('scripts.manager.scan.scripts'), value: format.number(s.scripts) },
          { label: t('scripts.manager.scan.error'), value: s.error },
        ]}
      />
      <SecurityHeaders scan={s} />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('scripts.manager.scan.changes')}
        </Heading>
        {changes.length === 0 ? (
          <Text color="fg.muted">{t('scripts.manager.scan.noChanges')}</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" data-testid="scan-changes">
            {changes.map((c) => (
              <HStack
                as="li"
                key={`${c.change}:${c.page_script_id}:${c.field}:${c.to_value}`}
                gap="2"
                flexWrap="wrap"
                fontSize="sm"
              >
                <Badge size="sm" variant="subtle">
                  {t(`scripts.manager.changes.${c.change}`)}
                </Badge>
                {c.page_script_id && c.script_key ? (
                  <Link asChild colorPalette="blue" overflowWrap="anywhere">
                    <RouterLink to={href({ tab: null, scan: null, script: String(c.page_script_id) })}>
                      {c.script_key}
                    </RouterLink>
                  </Link>
                ) : null}
                {c.field ? <Text as="span">{c.field}</Text> : null}
                {c.from_value !== null || c.to_value !== null ? (
                  <Text
                    as="span"
                    color="fg.muted"
                    overflowWrap="anywhere"
                  >{`${c.from_value ?? '—'} → ${c.to_value ?? '—'}`}</Text>
                ) : null}
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
      <ScriptFindings findings={findings} testId="scan-findings" />
    </Stack>
  );
}

/** The security headers the browser received, and which changed since the scan before (a weakening in red). */
function SecurityHeaders({ scan }: { scan: ScriptScan }) {
  const { t } = useTranslation();
  const headers = Object.entries(scan.headers);
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {t('scripts.manager.scan.headers')}
      </Heading>
      {headers.length === 0 ? <Text color="fg.muted">{t('scripts.manager.scan.noHeaders')}</Text> : null}
      {headers.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm">
            <Table.Caption srOnly>{t('scripts.manager.scan.headers')}</Table.Caption>
            <Table.Body>
              {headers.map(([name, value]) => (
                <Table.Row key={name}>
                  <Table.ColumnHeader scope="row" fontFamily="mono" fontSize="xs">
                    {name}
                  </Table.ColumnHeader>
                  <Table.Cell fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
                    {value}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {scan.header_changes.map((h) => (
        <Text key={h.header} fontSize="sm" color={h.regression ? 'fg.error' : undefined} data-testid="header-change">
          {t(h.regression ? 'scripts.manager.scan.headerWeakened' : 'scripts.manager.scan.headerChanged', {
            header: h.header,
            from: h.from ?? '—',
            to: h.to ?? '—',
          })}
        </Text>
      ))}
    </Stack>
  );
}
