import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { useAuthActorRef } from '../auth-actor';
import { useCompanies } from '../hooks/use-session';

/** The client companies the server offers (GET /get-clients); choosing one calls POST /get-clients. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const { clients, currentId, busy } = useCompanies();
  // Until the load is asked, the list is not known yet: "Loading", never "No company available" (the
  // first render, before the effect, said so; a test took it for the answer and acted too early).
  const [asked, setAsked] = useState(false);
  const loading = busy || !asked;

  useEffect(() => {
    actor.send({ type: 'auth.clients.load' });
    setAsked(true);
  }, [actor]);

  const selected = clients.find((c) => c.idCliente === currentId) ?? clients.find((c) => c.current);
  return (
    <SimpleSelect
      label={t('header.company.label')}
      width={{ base: '32', md: '56' }}
      disabled={loading || clients.length === 0}
      data-testid="company-switcher"
      value={selected ? String(selected.idCliente) : ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (value && Number(value) !== currentId) actor.send({ type: 'auth.company.switch', company: Number(value) });
      }}
    >
      {clients.length === 0 ? (
        <option value="">{loading ? t('header.company.loading') : t('header.company.none')}</option>
      ) : null}
      {clients.map((client) => (
        <option key={client.idCliente} value={String(client.idCliente)}>
          {client.name}
        </option>
      ))}
    </SimpleSelect>
  );
}
