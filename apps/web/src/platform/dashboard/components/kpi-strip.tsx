import { Box, chakra, HStack, Link, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { filteredListHref, OPEN_STATUSES } from '@/components/data-table';
import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';
import { type ProtectedScreenId, protectedScreens } from '@/config/paths';
import { useFormat } from '@/lib/i18n/format';
import { useModules } from '@/lib/modules';
import { type DashboardData, kpiValue } from '../api/dashboard-api';

interface Kpi {
  key: string;
  label: string;
  alarming: boolean;
  value: number | null;
  /** The screen of the list that shows what the card counts (`screens.<id>.title` names it)… */
  screen: ProtectedScreenId;
  /** …filtered in the URL parameters its table reads. */
  filters: Record<string, string | readonly string[]>;
}

const pathOf = (screen: ProtectedScreenId) => protectedScreens.find((s) => s.id === screen)?.path ?? '/';

/**
 * Open findings by severity, then each registered module's cards (leaked credentials in 30 days,
 * watched CVEs, overdue SLAs…); each card is one link to the list it counts. While the data loads
 * the cards stand with their labels and a placeholder of each value's size.
 */
export function KpiStrip({ data }: { data: DashboardData | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const modules = useModules();
  const now = new Date();
  const open = data ? SEVERITIES.reduce((sum, s) => sum + data.open_by_severity[s], 0) : null;
  // No list spans every module: the open findings' card opens the module with the most of them.
  const busiest = [...(data?.open_by_module ?? [])].sort((x, y) => y.count - x.count)[0]?.module;
  const openScreen = (modules.find((m) => m.id === busiest) ?? modules[0])?.screen ?? 'dashboard';
  const kpis: Kpi[] = [
    {
      key: 'open',
      label: t('dashboard.kpi.open'),
      alarming: false,
      value: open,
      screen: openScreen,
      filters: { status: OPEN_STATUSES },
    },
    ...modules.flatMap((module) =>
      (module.kpis ?? []).map((card) => ({
        key: `${module.id}.${card.id}`,
        label: t(card.label),
        alarming: card.alarming === true,
        value: kpiValue(data, module.id, card.id),
        screen: card.screen,
        filters: card.filters(now),
      })),
    ),
  ];
  return (
    <Box mb="5">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="kpi-strip">
        {kpis.map(({ key, label, alarming, value, screen, filters }) => (
          <Link
            key={key}
            asChild
            display="block"
            color="inherit"
            textDecoration="none"
            borderWidth="1px"
            borderRadius="l3"
            p="4"
            bg="bg.panel"
            _hover={{ borderColor: 'border.emphasized', bg: 'bg.muted', textDecoration: 'none' }}
          >
            <RouterLink to={filteredListHref(pathOf(screen), filters)}>
              <Stat.Root>
                <Stat.Label>{label}</Stat.Label>
                {value === null ? (
                  <Skeleton as="dd" height="9" width="16" />
                ) : (
                  // The skeleton's height, so the figure's arrival moves nothing.
                  <Stat.ValueText fontSize="2xl" minH="9" color={alarming && value > 0 ? 'fg.error' : undefined}>
                    {format.number(value)}
                  </Stat.ValueText>
                )}
                {key === 'open' ? (
                  // A <dd> like the value: a <dl> may only hold dt/dd groups. The rows of badges are held
                  // before they arrive (three in a phone's half-width card, two wider), so nothing moves.
                  <HStack as="dd" gap="1" flexWrap="wrap" mt="1" minH={{ base: '4.25rem', md: '11' }}>
                    {SEVERITIES.filter((s) => (data?.open_by_severity[s] ?? 0) > 0).map((s) => (
                      <HStack key={s} gap="1" fontSize="xs">
                        <SeverityBadge severity={s} />
                        {format.number(data?.open_by_severity[s] ?? 0)}
                      </HStack>
                    ))}
                  </HStack>
                ) : null}
              </Stat.Root>
              {/* The link's name is what it shows, and where it goes. */}
              <chakra.span srOnly>{t('dashboard.kpi.showIn', { screen: t(`screens.${screen}.title`) })}</chakra.span>
            </RouterLink>
          </Link>
        ))}
      </SimpleGrid>
    </Box>
  );
}
