// The demo identities of the local OpenID provider (kept apart so that seeding does not load
// oidc-provider itself).
export const LOCAL_TENANT_ID = '6f1c2d3e-4b5a-4c6d-8e7f-000000000a11';

export interface LocalAccount {
  id: string;
  oid: string;
  email: string;
  name: string;
  description: string;
}

/** Demo identities: one matching the demo user, one new colleague, one from an unknown company. */
export const localAccounts: LocalAccount[] = [
  {
    id: 'analyst',
    oid: '0b5e7a10-0000-4000-8000-000000000001',
    email: 'analyst@acme-retail.example',
    name: 'Ana Analyst',
    description: 'The demo user (linked to the seeded account)',
  },
  {
    id: 'new-hire',
    oid: '0b5e7a10-0000-4000-8000-000000000002',
    email: 'new.hire@globex.example',
    name: 'Nico Newhire',
    description: 'A new Globex Bank colleague (no account yet: signs up, then awaits validation)',
  },
  {
    id: 'outsider',
    oid: '0b5e7a10-0000-4000-8000-000000000003',
    email: 'someone@unknown-company.example',
    name: 'Olga Outsider',
    description: 'Someone whose domain belongs to no client company',
  },
];
