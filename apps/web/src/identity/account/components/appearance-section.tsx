import { chakra, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { readThemePreference, setThemePreference, type ThemePreference, useColorMode } from '@/theme/color-mode';
import { useSetTheme } from '../api/account-api';
import { AccountSection, StatusLine } from './section';

const THEMES: ThemePreference[] = ['light', 'dark', 'system'];

/**
 * Theme (saved on the account, so it follows the user) and language: the language control is the
 * header's own (it saves through the session), passed in by the page.
 */
export function AppearanceSection({ languageControl }: { languageControl: ReactNode }) {
  const { t } = useTranslation();
  useColorMode(); // re-render when the header toggle changes the theme
  const preference = readThemePreference();
  const save = useSetTheme();
  return (
    <AccountSection id="appearance" title={t('account.appearance.title')}>
      <Stack gap="4" maxW="xs">
        <Stack gap="1.5">
          <chakra.span fontWeight="medium" textStyle="sm">
            {t('account.appearance.theme')}
          </chakra.span>
          <SimpleSelect
            label={t('account.appearance.theme')}
            value={preference}
            data-testid="theme-select"
            onChange={(event) => {
              const value = event.currentTarget.value as ThemePreference;
              setThemePreference(value);
              save.mutate(value);
            }}
          >
            {THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {t(`account.appearance.themes.${theme}`)}
              </option>
            ))}
          </SimpleSelect>
        </Stack>
        <Stack gap="1.5">
          <chakra.span fontWeight="medium" textStyle="sm">
            {t('account.appearance.language')}
          </chakra.span>
          {languageControl}
        </Stack>
        {save.isSuccess ? <StatusLine tone="ok">{t('account.appearance.saved')}</StatusLine> : null}
        {save.isError ? <StatusLine tone="error">{t('account.errors.failed')}</StatusLine> : null}
      </Stack>
    </AccountSection>
  );
}
