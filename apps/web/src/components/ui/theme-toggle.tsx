import { IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '@/theme/color-mode';
import { AppIcon } from './icons';

/** Switches light/dark; the button names the theme it switches to. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { colorMode, toggle } = useColorMode();
  const next = colorMode === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      variant="ghost"
      aria-label={t(`theme.switchTo.${next}`)}
      onClick={toggle}
      data-theme-current={colorMode}
    >
      <AppIcon name={colorMode === 'dark' ? 'sun' : 'moon'} />
    </IconButton>
  );
}
