import { Switch, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';

/** A refusal as one line: the server's message, or the screen's generic one. */
export function failureLine(error: unknown, fallback: string): string | null {
  if (!error) return null;
  return error instanceof ApiError ? error.serverMessage || fallback : fallback;
}

/** The change a switch makes: a mutation of `{ enabled }` (React Query's shape, narrowed). */
interface EnabledChange {
  isPending: boolean;
  variables?: { enabled: boolean } | undefined;
  error: unknown;
}

/**
 * Whether something is on (a rule, a dork, a search term): a switch for those who may change it,
 * showing the value being saved while it is, and the refusal under it; the state in words for the
 * others. The label names what it switches (read out, or shown with `showLabel`).
 */
export function EnabledSwitch({
  enabled,
  canChange,
  label,
  stateText,
  change,
  onChange,
  failureText,
  showLabel = false,
}: {
  enabled: boolean;
  canChange: boolean;
  label: string;
  /** "On" or "Off", for those who may not change it. */
  stateText: string;
  change: EnabledChange;
  onChange: (enabled: boolean) => void;
  /** What a refusal without the server's message says. */
  failureText: string;
  showLabel?: boolean;
}) {
  if (!canChange) return <Text as="span">{stateText}</Text>;
  const failure = failureLine(change.error, failureText);
  return (
    <>
      <Switch.Root
        size="sm"
        checked={change.isPending ? Boolean(change.variables?.enabled) : enabled}
        disabled={change.isPending}
        onCheckedChange={(event) => onChange(event.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label srOnly={!showLabel}>{label}</Switch.Label>
      </Switch.Root>
      {failure ? (
        <Text fontSize="xs" color="fg.error" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}
