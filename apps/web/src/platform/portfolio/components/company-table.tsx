import { Badge, chakra, HStack, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, useTableState } from '@/components/data-table';
import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';
import { GradeBadge, ScoreTrend } from '@/components/ui/grade-badge';
import { useFormat } from '@/lib/i18n/format';
import { useModules } from '@/lib/modules';
import type { Portfolio, PortfolioCompany } from '../api/portfolio-api';
import { DASHBOARD_PATH, useModuleListHref, useOpenCompany } from './open-company';

const SORTS: Record<string, (c: PortfolioCompany) => string | number> = {
  name: (c) => c.name.toLocaleLowerCase(),
  score: (c) => c.score ?? -1,
  change: (c) => c.change ?? Number.NEGATIVE_INFINITY,
  open: (c) => c.open,
};

/** The companies in the URL's sort (`?sort=-score`); the whole list is one page. */
function sorted(companies: PortfolioCompany[], sort: string | undefined): PortfolioCompany[] {
  const key = SORTS[sort?.replace(/^-/, '') ?? ''];
  if (!key) return companies;
  const direction = sort?.startsWith('-') ? -1 : 1;
  return [...companies].sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : 0));
}

/** A link-looking button: the company is switched to before its screen opens. */
function OpenButton({
  company,
  to,
  label,
  children,
}: {
  company: number;
  to: string;
  label: string;
  children: ReactNode;
}) {
  const open = useOpenCompany();
  return (
    <Link asChild colorPalette="blue" fontWeight="medium">
      <chakra.button type="button" aria-label={label} cursor="pointer" onClick={() => open(company, to)}>
        {children}
      </chakra.button>
    </Link>
  );
}

/** The companies side by side: rating, 30-day change, open findings by severity and per module. */
export function CompanyTable({
  data,
  loading,
  failed,
}: {
  data: Portfolio | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const listHref = useModuleListHref();
  const modules = useModules();
  const state = useTableState();
  const rows = sorted(data?.companies ?? [], state.sort);
  const meta = { page: 1, page_size: rows.length, total: rows.length, total_is_lower_bound: false, has_more: false };
  const columns: ColumnDef<PortfolioCompany>[] = [
    {
      id: 'name',
      header: t('portfolio.company'),
      sortKey: 'name',
      cell: (c) => (
        <HStack gap="2" flexWrap="wrap">
          <OpenButton company={c.id} to={DASHBOARD_PATH} label={t('portfolio.openDashboard', { company: c.name })}>
            {c.name}
          </OpenButton>
          {c.current ? (
            <Badge size="sm" variant="outline">
              {t('portfolio.current')}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
    { id: 'role', header: t('portfolio.role'), cell: (c) => t(`portfolio.roles.${c.role}`) },
    { id: 'grade', header: t('portfolio.grade'), cell: (c) => <GradeBadge grade={c.grade} size="sm" /> },
    {
      id: 'score',
      header: t('portfolio.score'),
      sortKey: 'score',
      align: 'end',
      cell: (c) => (c.score === null ? '—' : format.number(c.score, { maximumFractionDigits: 1 })),
    },
    { id: 'change', header: t('portfolio.change'), sortKey: 'change', cell: (c) => <ScoreTrend change={c.change} /> },
    {
      id: 'severity',
      header: t('portfolio.bySeverity'),
      cell: (c) => (
        <HStack gap="2" flexWrap="wrap">
          {SEVERITIES.filter((s) => c.open_by_severity[s] > 0).map((s) => (
            <HStack key={s} gap="1" fontSize="xs">
              <SeverityBadge severity={s} />
              {format.number(c.open_by_severity[s])}
            </HStack>
          ))}
        </HStack>
      ),
    },
    { id: 'open', header: t('portfolio.open'), sortKey: 'open', align: 'end', cell: (c) => format.number(c.open) },
    // Each module's open findings, a link to that list (the heat map's numbers, by keyboard too).
    // The web's registry, known from the first render: the column chooser's defaults are read then.
    ...modules.map(
      ({ id: module }): ColumnDef<PortfolioCompany> => ({
        id: `module-${module}`,
        header: t(`${module}.moduleName`),
        hiddenByDefault: true,
        align: 'end',
        cell: (c) => {
          const count = c.open_by_module.find((m) => m.module === module)?.count ?? 0;
          const to = listHref(module);
          const label = t('portfolio.openList', { count, module: t(`${module}.moduleName`), company: c.name });
          return to ? (
            <OpenButton company={c.id} to={to} label={label}>
              {format.number(count)}
            </OpenButton>
          ) : (
            format.number(count)
          );
        },
      }),
    ),
  ];
  return (
    <DataTable
      tableId="portfolio"
      caption={t('portfolio.tableCaption')}
      columns={columns}
      page={{ ...(data ? { data: { data: rows, meta } } : {}), isFetching: loading, isError: failed }}
      rowId={(c) => String(c.id)}
      state={state}
      empty={{ title: t('portfolio.emptyTitle'), description: t('portfolio.emptyDescription') }}
    />
  );
}
