// The local OpenID provider's storage: its sessions, grants, codes and tokens in this process's
// memory. That is what a stand-in for Microsoft on 127.0.0.1 wants (a restart signs the demo
// identities out of the stand-in, never out of Vigil), so it is passed to oidc-provider as its
// adapter rather than letting the library fall back to its quick-start one, which warns at every
// start that a production provider must not keep its state that way.
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch ms after which the entry is gone; Infinity when the library gave no lifetime. */
  expiresAt: number;
}

/** One store shared by every model of one provider (the factory's adapters). */
export function localOidcAdapter(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        entries.set(key, { payload, expiresAt });
        if (model === 'Session' && payload.uid) byUid.set(payload.uid, id);
        if (payload.userCode) byUserCode.set(payload.userCode, id);
        if (payload.grantId) byGrant.set(payload.grantId, (byGrant.get(payload.grantId) ?? new Set()).add(key));
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        const id = byUid.get(uid);
        return id === undefined ? undefined : live(keyOf(id));
      },
      async findByUserCode(userCode) {
        const id = byUserCode.get(userCode);
        return id === undefined ? undefined : live(keyOf(id));
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        const key = keyOf(id);
        const payload = entries.get(key)?.payload;
        entries.delete(key);
        if (payload?.uid && byUid.get(payload.uid) === id) byUid.delete(payload.uid);
        if (payload?.userCode && byUserCode.get(payload.userCode) === id) byUserCode.delete(payload.userCode);
      },
      async revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
        byGrant.delete(grantId);
      },
    };
  };
}
