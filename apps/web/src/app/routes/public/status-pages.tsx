import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/layout/status-page';

function Page({ id, code, home = true }: { id: string; code?: string; home?: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      {...(code ? { code } : {})}
      title={t(`statusPages.${id}.title`)}
      description={t(`statusPages.${id}.description`)}
      {...(home ? { homeLabel: t('notFound.backHome') } : {})}
    />
  );
}

export const Error500Page = () => <Page id="error500" code="500" />;
export const Error503Page = () => <Page id="error503" code="503" />;
export const MaintenancePage = () => <Page id="maintenance" />;
export const ComingSoonPage = () => <Page id="comingSoon" />;

/** An intentionally empty page (spec §2 `/blank`): only the main landmark and a hidden heading. */
export function BlankPage() {
  const { t } = useTranslation();
  return (
    <Box as="main" id="main" minH="100dvh">
      <Box as="h1" srOnly>
        {t('statusPages.blank.title')}
      </Box>
    </Box>
  );
}
