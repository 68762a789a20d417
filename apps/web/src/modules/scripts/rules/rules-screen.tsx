import { HStack, Tabs, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  type ColumnDef,
  DataTable,
  type FilterDef,
  type FindingSlots,
  pageQuery,
  useTableState,
} from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { ExternalLink } from '@/components/ui/external-link';
import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { OwnerBadge, RuleDetail } from './rule-detail';
import { RuleDialog } from './rule-dialog';
import { RuleSwitch } from './rule-switch';
import { RuleTest } from './rule-test';
import { type JsRule, type JsRuleQuery, OWNERS, useJsRules } from './rules-api';

const SORTS = sortValues.listJsRules;
const TABS = ['rules', 'test'] as const;
type Tab = (typeof TABS)[number];

/**
 * JS attack patterns (`/dork`): Vigil's default skimmer signatures and the company's own, with
 * family, severity, reference, the company's switch and hit count (a rule opens in `?rule=`), and
 * a second tab that runs a pasted script through the enabled rules.
 */
export function RulesScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((v) => v === params.get('tab')) ?? 'rules';
  const canChange = slots.useCanChange();
  return (
    <>
      <PageHeader
        title={t('screens.js-attack-patterns.title')}
        trail={[t('nav.groups.ecommerce')]}
        description={t('scripts.rules.intro')}
        actions={canChange ? <RuleDialog rule={null} mode="add" /> : null}
      />
      <Tabs.Root
        value={tab}
        onValueChange={(event) =>
          setParams(() => (event.value === 'test' ? new URLSearchParams({ tab: 'test' }) : new URLSearchParams()))
        }
        variant="line"
      >
        <Tabs.List mb="4">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`scripts.rules.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="rules">{tab === 'rules' ? <RuleTable canChange={canChange} /> : null}</Tabs.Content>
        <Tabs.Content value="test">{tab === 'test' ? <RuleTest canChange={canChange} /> : null}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function RuleTable({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The families come with the list (those of every rule the company sees): the filter's options
  // follow the answer, its id (all the table state needs) is there from the start.
  const filtersOf = (families: string[]): FilterDef[] => [
    {
      id: 'family',
      kind: 'select',
      label: t('scripts.rules.family'),
      options: families.map((family) => ({ value: family, label: family })),
    },
    {
      id: 'severity',
      kind: 'multi',
      label: t('scripts.rules.severity'),
      options: SEVERITIES.map((severity) => ({ value: severity, label: t(`findings.severity.${severity}`) })),
    },
    {
      id: 'owner',
      kind: 'select',
      label: t('scripts.rules.owner'),
      options: OWNERS.map((owner) => ({ value: owner, label: t(`scripts.rules.owners.${owner}`) })),
    },
    {
      id: 'enabled',
      kind: 'select',
      label: t('scripts.rules.enabled'),
      options: [
        { value: 'true', label: t('scripts.rules.on') },
        { value: 'false', label: t('scripts.rules.off') },
      ],
    },
  ];
  const state = useTableState(filtersOf([]), { openKey: 'rule' });
  const severity = SEVERITIES.filter((s) => state.filters.severity?.includes(s));
  const owner = OWNERS.find((o) => o === state.filters.owner?.[0]);
  const enabled = state.filters.enabled?.[0];
  const family = state.filters.family?.[0];
  const query: JsRuleQuery = {
    ...(state.q ? { q: state.q } : {}),
    ...(family ? { family } : {}),
    ...(severity.length ? { severity } : {}),
    ...(owner ? { owner } : {}),
    ...(enabled === 'true' || enabled === 'false' ? { enabled: enabled === 'true' } : {}),
    ...pageQuery(state, SORTS),
  };
  const list = useJsRules(query);
  const filters = filtersOf(list.data?.families ?? []);

  const columns: ColumnDef<JsRule>[] = [
    {
      id: 'key',
      header: t('scripts.rules.key'),
      sortKey: 'key',
      cell: (r) => (
        <Text as="span" fontFamily="mono" fontSize="xs">
          {r.key}
        </Text>
      ),
    },
    { id: 'name', header: t('scripts.rules.name'), primary: true, sortKey: 'name', cell: (r) => r.name },
    { id: 'family', header: t('scripts.rules.family'), sortKey: 'family', cell: (r) => r.family },
    {
      id: 'severity',
      header: t('scripts.rules.severity'),
      sortKey: 'severity',
      cell: (r) => <SeverityBadge severity={r.severity} />,
    },
    { id: 'owner', header: t('scripts.rules.owner'), cell: (r) => <OwnerBadge owner={r.owner} /> },
    {
      id: 'reference',
      header: t('scripts.rules.reference'),
      cell: (r) =>
        r.reference ? <ExternalLink url={r.reference} colorPalette="blue" fontSize="xs" wordBreak="break-all" /> : '—',
      hiddenByDefault: true,
    },
    { id: 'hits', header: t('scripts.rules.hits'), sortKey: 'hits', align: 'end', cell: (r) => format.number(r.hits) },
    {
      id: 'last_hit',
      header: t('scripts.rules.lastHit'),
      cell: (r) => (r.last_hit_at ? format.date(r.last_hit_at) : '—'),
      hiddenByDefault: true,
    },
    {
      id: 'enabled',
      header: t('scripts.rules.enabled'),
      cell: (r) => (
        <HStack gap="2">
          <RuleSwitch rule={r} canChange={canChange} />
        </HStack>
      ),
    },
  ];

  return (
    <DataTable
      tableId="js-rules"
      caption={t('scripts.rules.caption')}
      columns={columns}
      page={list}
      rowId={(r) => String(r.id)}
      state={state}
      filters={filters}
      searchLabel={t('scripts.rules.search')}
      empty={{ title: t('scripts.rules.emptyTitle'), description: t('scripts.rules.empty') }}
      renderDetail={(id) => <RuleDetail id={Number(id)} canChange={canChange} />}
      detailTitle={t('scripts.rules.detailTitle')}
    />
  );
}
