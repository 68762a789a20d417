import { Button, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { SelectField } from '../shared/fields';
import { formErrors } from '../shared/form-errors';
import { PLATFORMS, type Store, type StoreInput, useSaveStore } from './stores-api';

interface Draft {
  name: string;
  platform: StoreInput['platform'];
  account_name: string;
  domains: string;
  checkout_url: string;
}

const draftOf = (store: Store | null): Draft => ({
  name: store?.name ?? '',
  platform: store?.platform ?? 'vtex',
  account_name: store?.account_name ?? '',
  domains: store?.domains.join('\n') ?? '',
  checkout_url: store?.checkout_url ?? '',
});

/** The form as the API's body: domains one per line (or separated by commas or spaces), blanks null. */
export function storeInputOf(draft: Draft): StoreInput {
  return {
    name: draft.name.trim(),
    platform: draft.platform,
    account_name: draft.account_name.trim() || null,
    domains: draft.domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    checkout_url: draft.checkout_url.trim() || null,
  };
}

const FIELDS = ['name', 'platform', 'account_name', 'domains', 'checkout_url'] as const;

/** "Add store" (no store) or "Edit store": its name, platform, account, domains and checkout URL. */
export function StoreDialog({ store }: { store: Store | null }) {
  const { t } = useTranslation();
  const save = useSaveStore();
  const [draft, setDraft] = useState<Draft>(() => draftOf(store));
  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const errors = formErrors(save.error, FIELDS, t('scripts.forms.saveFailed'));
  const title = t(store ? 'scripts.stores.edit' : 'scripts.stores.add');
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette={store ? undefined : 'blue'} variant={store ? 'outline' : 'solid'}>
          {title}
        </Button>
      }
      title={title}
      submitLabel={t('scripts.stores.save')}
      onSubmit={(close) => save.mutate({ id: store?.id ?? null, body: storeInputOf(draft) }, { onSuccess: close })}
      pending={save.isPending}
      error={errors.general}
      onOpen={() => {
        setDraft(draftOf(store));
        save.reset();
      }}
      size="lg"
      testId="store-dialog"
    >
      <TextInput
        label={t('scripts.stores.name')}
        name="name"
        value={draft.name}
        onValueChange={set('name')}
        error={errors.field('name')}
        required
        maxLength={200}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField
          label={t('scripts.stores.platform')}
          value={draft.platform}
          onValueChange={(value) => set('platform')(PLATFORMS.find((p) => p === value) ?? 'custom')}
        >
          {PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {t(`scripts.stores.platforms.${platform}`)}
            </option>
          ))}
        </SelectField>
        <TextInput
          label={t('scripts.stores.accountName')}
          name="account_name"
          value={draft.account_name}
          onValueChange={set('account_name')}
          error={errors.field('account_name')}
          maxLength={100}
        />
      </SimpleGrid>
      <TextArea
        label={t('scripts.stores.domainsHelp')}
        value={draft.domains}
        onValueChange={set('domains')}
        error={errors.field('domains')}
        rows={3}
        required
        maxLength={5200}
      />
      <TextInput
        label={t('scripts.stores.checkoutUrl')}
        name="checkout_url"
        type="url"
        value={draft.checkout_url}
        onValueChange={set('checkout_url')}
        error={errors.field('checkout_url')}
        maxLength={2048}
      />
    </FormDialog>
  );
}
