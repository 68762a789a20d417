import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { StoreBlacklistStatus } from './store-blacklist-api';

const PALETTE: Record<StoreBlacklistStatus, string> = {
  suspected: 'orange',
  confirmed: 'red',
  takedown_requested: 'purple',
  offline: 'gray',
};

/** Where an entry is in the takedown workflow. */
export function StoreStatusBadge({ status }: { status: StoreBlacklistStatus }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" size="sm">
      {t(`scripts.storeBlacklist.statuses.${status}`)}
    </Badge>
  );
}
