import { chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** First focusable element: jumps past the header and navigation to the main landmark. */
export function SkipLink({ target = '#main' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <chakra.a
      href={target}
      position="absolute"
      left="2"
      top="-16"
      zIndex="skipLink"
      px="4"
      py="2"
      bg="bg.panel"
      color="fg"
      borderRadius="md"
      boxShadow="md"
      _focus={{ top: '2' }}
    >
      {t('common.skipToContent')}
    </chakra.a>
  );
}
