import { Alert, Button, Code, Stack, Text } from '@chakra-ui/react';
import type { Schemas } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The configuration block an MCP client (Claude Desktop, VS Code…) needs for this token. */
export function mcpConfig(origin: string, token: string): string {
  return JSON.stringify(
    {
      mcpServers: { vigil: { type: 'http', url: `${origin}/api/mcp`, headers: { Authorization: `Bearer ${token}` } } },
    },
    null,
    2,
  );
}

/** A token just created: its secret, shown this once, with a copy button (and the MCP block). */
export function TokenOnce({ created, onClose }: { created: Schemas['CreatedApiToken']; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(created.token);
    setCopied(true);
  };
  return (
    <Alert.Root status="warning" role="status" data-testid="token-once">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap="2">
          <Alert.Title>{t('api-tokens.once', { name: created.data.name })}</Alert.Title>
          <Code data-testid="token-secret" wordBreak="break-all" p="2">
            {created.token}
          </Code>
          {created.data.scopes.includes('mcp') ? (
            <>
              <Text textStyle="sm">{t('api-tokens.mcpHint')}</Text>
              <Code as="pre" data-testid="mcp-config" whiteSpace="pre-wrap" wordBreak="break-all" p="2">
                {mcpConfig(window.location.origin, created.token)}
              </Code>
            </>
          ) : null}
          <Stack direction="row" gap="2">
            <Button size="xs" variant="outline" onClick={() => void copy()}>
              {t(copied ? 'api-tokens.copied' : 'api-tokens.copy')}
            </Button>
            <Button size="xs" onClick={onClose}>
              {t('api-tokens.done')}
            </Button>
          </Stack>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
