import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { useAuthActorRef } from '../auth-actor';
import { useCompanies } from '../hooks/use-session';

/** The client companies the server offers (GET /get-clients); choosing one calls POST /get-clients. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const { clients, currentId, busy } = useCompanies();

  useEffect(() => {
    actor.send({ type: 'auth.clients.load' });
  }, [actor]);

  const selected = clients.find((c) => c.idCliente === currentId) ?? clients.find((c) => c.current);
  return (
    <SimpleSelect
      label={t('header.company.label')}
      width={{ base: '32', md: '56' }}
      disabled={busy || clients.length === 0}
      data-testid="company-switcher"
      value={selected ? String(selected.idCliente) : ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (value && Number(value) !== currentId) actor.send({ type: 'auth.company.switch', company: Number(value) });
      }}
    >
      {clients.length === 0 ? (
        <option value="">{busy ? t('header.company.loading') : t('header.company.none')}</option>
      ) : null}
      {clients.map((client) => (
        <option key={client.idCliente} value={String(client.idCliente)}>
          {client.name}
        </option>
      ))}
    </SimpleSelect>
  );
}
