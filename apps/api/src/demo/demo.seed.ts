// First-start demo data: two client companies on reserved .example domains, a demo analyst who
// belongs to both (e-mail two-factor on), the platform operator, Acme Retail's people (a company
// administrator, a second analyst and a viewer) and one account awaiting validation.
import type { Db } from '../db/database.js';
import { CURRENT_TERMS_VERSION } from '../identity/auth/sign-in.steps.js';
import { addMembership, countCompanies, insertCompany } from '../identity/clients/clients.repository.js';
import { insertUser } from '../identity/users/users.repository.js';
import { seedDemoAlertRule } from '../platform/alerts/alert-rules.service.js';
import { hashPassword } from '../shared/passwords.js';
import { LOCAL_TENANT_ID, localAccounts } from './local-accounts.js';

export const demoCompanies = [
  { name: 'Acme Retail', domains: ['acme-retail.example'] },
  { name: 'Globex Bank', domains: ['globex.example'] },
];

export const demoUser = {
  email: 'analyst@acme-retail.example',
  password: 'Vigil-demo-2026!',
  name: 'Ana Analyst',
};

export const demoAdmin = {
  email: 'admin@acme-retail.example',
  password: 'Vigil-admin-2026!',
  name: 'Ada Admin',
};

/** Acme Retail's members besides the demo analyst, one per role (printed by `npm start`). */
export const demoMembers = [
  {
    email: 'olivia.owner@acme-retail.example',
    password: 'Vigil-owner-2026!',
    name: 'Olivia Owner',
    role: 'administrator',
  },
  {
    email: 'bruno.analyst@acme-retail.example',
    password: 'Vigil-analyst-2026!',
    name: 'Bruno Analyst',
    role: 'analyst',
  },
  { email: 'vera.viewer@acme-retail.example', password: 'Vigil-viewer-2026!', name: 'Vera Viewer', role: 'viewer' },
] as const;

export const demoPendingUser = { email: 'pending@globex.example', name: 'Paula Pending' };

/** Seeds an empty database; returns false (and changes nothing) when companies exist already. */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  if ((await countCompanies(db)) > 0) return false;
  const [userHash, adminHash, pendingHash, ...memberHashes] = await Promise.all([
    hashPassword(demoUser.password),
    hashPassword(demoAdmin.password),
    hashPassword(`${demoPendingUser.email}-never-shown`),
    ...demoMembers.map((m) => hashPassword(m.password)),
  ]);
  const analystIdentity = localAccounts.find((a) => a.id === 'analyst');
  await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const company of demoCompanies) ids.push(await insertCompany(trx, company.name, company.domains, now));
    const [acme = 0, globex = 0] = ids;
    const ready = {
      active: true,
      two_factor_enabled: true,
      email_verified_at: now,
      registration_confirmed_at: now,
      terms_version: CURRENT_TERMS_VERSION,
      terms_accepted_at: now,
      language: 'en',
      current_company_id: acme,
      created_at: now,
      updated_at: now,
    };
    const analyst = await insertUser(trx, {
      ...ready,
      email: demoUser.email,
      name: demoUser.name,
      position: 'Security analyst',
      password_hash: userHash,
      is_admin: false,
      microsoft_tid: LOCAL_TENANT_ID,
      microsoft_oid: analystIdentity?.oid ?? null,
    });
    const admin = await insertUser(trx, {
      ...ready,
      email: demoAdmin.email,
      name: demoAdmin.name,
      position: 'Administrator',
      password_hash: adminHash,
      is_admin: true,
    });
    const pending = await insertUser(trx, {
      ...ready,
      active: false,
      terms_version: null,
      terms_accepted_at: null,
      current_company_id: globex,
      email: demoPendingUser.email,
      name: demoPendingUser.name,
      position: 'Fraud analyst',
      password_hash: pendingHash,
      is_admin: false,
    });
    for (const companyId of [acme, globex]) {
      await addMembership(trx, analyst.id, companyId, 'analyst', now);
      await addMembership(trx, admin.id, companyId, 'administrator', now);
    }
    await addMembership(trx, pending.id, globex, 'analyst', now);
    for (const [i, member] of demoMembers.entries()) {
      const user = await insertUser(trx, {
        ...ready,
        email: member.email,
        name: member.name,
        position: member.role === 'viewer' ? 'Auditor' : member.role === 'administrator' ? 'IT manager' : 'Analyst',
        password_hash: memberHashes[i] ?? null,
        is_admin: false,
      });
      await addMembership(trx, user.id, acme, member.role, now);
    }
    await seedDemoAlertRule(trx, admin.id, acme, now);
  });
  return true;
}
