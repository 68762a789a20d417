import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/layout/status-page';
import { NOT_FOUND_YEAR_REFRESH_MS } from '@/config/constants';
import { env } from '@/config/env';
import { useFormat } from '@/lib/i18n/format';

/** The footer year, refreshed every 60 s (spec §2, §9) so a page left open over New Year stays right. */
export function useCurrentYear(intervalMs = NOT_FOUND_YEAR_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const now = useCurrentYear();
  return (
    <StatusPage
      code="404"
      title={t('notFound.title')}
      description={t('notFound.description')}
      homeLabel={t('notFound.backHome')}
      footer={t('common.footer', { year: format.year(now), product: env.productName })}
    />
  );
}

export { NotFoundPage as Component };
