import { Box, HStack, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { GradeBadge } from '@/components/ui/grade-badge';
import { useRiskFixes, useRiskRating, useRiskTrend } from '../api/risk-api';
import { FactorGrid } from './factor-grid';
import { useOneDecimal } from './one-decimal';
import { RiskTrend } from './risk-trend';
import { TopFixes } from './top-fixes';

const TREND_DAYS = 90;

/** `/technicalrisk`: the company's grade and score, each factor, the trend and the top fixes. */
export function RiskScreen() {
  const { t } = useTranslation();
  const decimal = useOneDecimal();
  const rating = useRiskRating();
  const trend = useRiskTrend(TREND_DAYS);
  const fixes = useRiskFixes(10);
  const data = rating.data;
  return (
    <>
      <PageHeader
        title={t('screens.technical-risk.title')}
        trail={[t('nav.groups.overview')]}
        description={t('risk.description')}
      />
      {/* The rating's final height before it arrives (on a phone its text wraps below the figures). */}
      <Box
        borderWidth="1px"
        borderRadius="l3"
        p="4"
        bg="bg.panel"
        mb="6"
        data-testid="rating"
        minH={{ base: '56', md: '28' }}
      >
        {data ? (
          <HStack gap="6" flexWrap="wrap">
            <Stat.Root>
              <Stat.Label>{t('risk.grade')}</Stat.Label>
              <Stat.ValueText data-testid="rating-grade">
                <GradeBadge grade={data.grade} size="lg" />
              </Stat.ValueText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>{t('risk.score')}</Stat.Label>
              <Stat.ValueText data-testid="rating-score">
                {data.score === null ? '—' : decimal(data.score)}
              </Stat.ValueText>
            </Stat.Root>
            <Text flex="1 1 20rem" color="fg.muted" fontSize="sm">
              {data.score === null ? t('risk.noScore') : t('risk.how')}
            </Text>
          </HStack>
        ) : null}
      </Box>
      <FactorGrid factors={data?.factors} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <TopFixes fixes={fixes.data} />
        <RiskTrend points={trend.data} days={TREND_DAYS} />
      </SimpleGrid>
    </>
  );
}
