import { Box, Heading, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { enumValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { GradeBadge } from '@/components/ui/grade-badge';
import type { RiskFactor } from '../api/risk-api';
import { useOneDecimal } from './one-decimal';

/** Each factor with its grade and score, or "no data yet" (it does not count in the score). */
export function FactorGrid({ factors }: { factors: RiskFactor[] | undefined }) {
  const { t } = useTranslation();
  const decimal = useOneDecimal();
  return (
    <Box as="section" aria-labelledby="risk-factors" mb="6">
      <Heading as="h2" size="md" mb="3" id="risk-factors">
        {t('risk.factorsTitle')}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="3" listStyleType="none" m="0" p="0">
        {/* While the rating loads, every factor of the contract holds its card's place: nothing below moves. */}
        {factors === undefined
          ? enumValues.RiskFactorId.map((id) => (
              <Box as="li" key={id} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" aria-busy="true">
                <HStack justify="space-between" align="start" gap="2">
                  <Heading as="h3" size="sm">
                    {t(`risk.factors.${id}`)}
                  </Heading>
                  <Skeleton height="5" width="8" />
                </HStack>
                <Skeleton mt="2" height="5" width="full" />
              </Box>
            ))
          : null}
        {(factors ?? []).map((factor) => (
          <Box
            as="li"
            key={factor.id}
            data-testid={`factor-${factor.id}`}
            borderWidth="1px"
            borderRadius="l3"
            p="4"
            bg="bg.panel"
          >
            <HStack justify="space-between" align="start" gap="2">
              <Heading as="h3" size="sm">
                {t(`risk.factors.${factor.id}`)}
              </Heading>
              <GradeBadge grade={factor.grade} />
            </HStack>
            {factor.measured ? (
              <Text mt="2" fontSize="sm" color="fg.muted">
                {t('risk.factorLine', {
                  score: decimal(factor.score ?? 0),
                  open: factor.open,
                  points: factor.points,
                  weight: factor.weight,
                })}
                {factor.overdue > 0 ? ` · ${t('risk.overdue', { count: factor.overdue })}` : ''}
              </Text>
            ) : (
              <Text mt="2" fontSize="sm" color="fg.muted">
                {t('risk.noDataText')}
              </Text>
            )}
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
