import { Box, chakra, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SeverityBadge } from '@/components/ui/finding-badges';
import type { RiskFix } from '../api/risk-api';
import { useOneDecimal } from './one-decimal';

/**
 * "Top fixes by score impact": what resolving a group of equal findings adds, and each one of them
 * (the formula re-run without one), with the finding to start with.
 */
export function TopFixes({ fixes, title }: { fixes: RiskFix[] | undefined; title?: string }) {
  const { t } = useTranslation();
  const decimal = useOneDecimal();
  return (
    <Box as="section" aria-labelledby="risk-fixes" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
      <Heading as="h2" size="md" mb="3" id="risk-fixes">
        {title ?? t('risk.fixesTitle')}
      </Heading>
      {fixes && fixes.length === 0 ? <Text color="fg.muted">{t('risk.noFixes')}</Text> : null}
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" data-testid="top-fixes">
        {(fixes ?? []).map((fix) => (
          <chakra.li key={`${fix.module}:${fix.kind}:${fix.severity}:${fix.overdue}`} data-testid="fix">
            <HStack gap="2" flexWrap="wrap">
              <Text as="span" fontWeight="semibold" data-testid="fix-gain">
                {fix.findings > 1
                  ? t('risk.groupGain', { count: fix.findings, gain: decimal(fix.gain_all) })
                  : t('risk.gain', { gain: decimal(fix.gain) })}
              </Text>
              <SeverityBadge severity={fix.severity} />
              <Text as="span" color="fg.muted" fontSize="sm">
                {t(`${fix.module}.moduleName`)} · {t(`risk.factors.${fix.factor}`)}
                {fix.overdue ? ` · ${t('risk.overdueShort')}` : ''}
              </Text>
            </HStack>
            {fix.finding ? (
              <Link asChild colorPalette="blue" fontWeight="medium">
                <RouterLink to={fix.finding.link}>{fix.finding.title}</RouterLink>
              </Link>
            ) : null}
            {fix.findings > 1 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('risk.eachGain', { gain: decimal(fix.gain) })}
              </Text>
            ) : null}
          </chakra.li>
        ))}
      </Stack>
    </Box>
  );
}
