import { Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The ten recovery codes, shown once: copy them or save them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vigil-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="3" data-testid="recovery-codes">
      <Text fontWeight="medium">{t('auth.twoFactorSettings.recoveryTitle')}</Text>
      <Text textStyle="sm" color="fg.muted">
        {t('auth.twoFactorSettings.recoveryOnce')}
      </Text>
      <Box borderWidth="1px" borderRadius="md" p="3" fontFamily="mono">
        <List.Root listStyle="none" display="grid" gridTemplateColumns="repeat(2, max-content)" columnGap="8">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List.Root>
      </Box>
      <HStack gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? t('auth.twoFactorSettings.copied') : t('auth.twoFactorSettings.copyCodes')}
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          {t('auth.twoFactorSettings.downloadCodes')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('auth.twoFactorSettings.savedCodes')}
        </Button>
      </HStack>
    </Stack>
  );
}
