import { chakra, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const knownFields = ['time_zone', 'email', 'digest_hour', 'modules', 'url', 'secret', 'credential'] as const;

/** The translated reason a save failed: the first field the server named, else a general message. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const fields = error instanceof ApiError ? Object.keys(error.validation ?? {}) : [];
    const field =
      knownFields.find((f) => fields.includes(f)) ?? (fields.some((f) => f.startsWith('settings')) ? 'settings' : null);
    return t(field ? `alerts.errors.${field}` : 'alerts.errors.failed');
  };
}

export function FormError({ error }: { error: unknown }) {
  const text = useErrorText();
  return error ? (
    <Text role="alert" color="fg.error" textStyle="sm">
      {text(error)}
    </Text>
  ) : null;
}

/** A native checkbox with its label. */
export function Check({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" textStyle="sm">
      <chakra.input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        accentColor="colorPalette.solid"
        boxSize="4"
      />
      {label}
    </chakra.label>
  );
}

/** A fieldset with its legend (groups of checkboxes and radios). */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <chakra.fieldset border="0" p="0" m="0" display="flex" flexDirection="column" gap="1.5">
      <chakra.legend fontWeight="medium" textStyle="sm" mb="1">
        {legend}
      </chakra.legend>
      {children}
    </chakra.fieldset>
  );
}
