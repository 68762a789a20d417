import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { SimpleSelect } from '@/components/ui/simple-select';
import { usePortfolio } from '../api/portfolio-api';
import { CompanyTable } from './company-table';
import { CompanyTrends } from './company-trends';
import { ModuleHeatMap } from './module-heat-map';
import { type OpenCompany, OpenCompanyContext } from './open-company';

/** The trend's periods on offer (`?days=`); the change column is always over 30 days. */
const PERIODS = [30, 90] as const;

/**
 * `/globalcorporate`: the user's companies side by side (security-rating portfolios): the table,
 * the company × module heat map and the trends. Opening a company or a cell switches to it first.
 */
export function PortfolioScreen({ openCompany }: { openCompany: OpenCompany }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const days = PERIODS.find((p) => String(p) === params.get('days')) ?? PERIODS[0];
  const portfolio = usePortfolio(days);
  const data = portfolio.data;
  return (
    <OpenCompanyContext.Provider value={openCompany}>
      <PageHeader
        title={t('screens.global-corporate.title')}
        trail={[t('nav.groups.overview')]}
        description={t('portfolio.description')}
        actions={
          <SimpleSelect
            label={t('portfolio.period')}
            value={String(days)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.set('days', value);
                return next;
              });
            }}
          >
            {PERIODS.map((p) => (
              <option key={p} value={String(p)}>
                {t('portfolio.lastDays', { count: p })}
              </option>
            ))}
          </SimpleSelect>
        }
      />
      <Stack gap="6">
        <CompanyTable data={data} loading={portfolio.isFetching} failed={portfolio.isError} />
        {data && data.companies.length === 0 ? null : (
          <>
            <ModuleHeatMap data={data} />
            <CompanyTrends data={data} days={days} />
          </>
        )}
      </Stack>
    </OpenCompanyContext.Provider>
  );
}
