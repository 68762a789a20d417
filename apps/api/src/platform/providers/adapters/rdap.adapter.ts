// Registration data over RDAP (RFC 9083): GET {base}/domain/{name} and {base}/ip/{addr}. The
// registrar is the entity with role `registrar` (its vCard's `fn`), the abuse contact its entity
// with role `abuse` (vCard `email`); the registration date the `registration` event. 404: unknown.
import { z } from 'zod';
import type { ProviderCall, RdapDomain, RdapNetwork, RdapProvider } from '../provider.types.js';
import type { ProviderHttp } from '../provider-http.js';
import type { ProviderLimit } from '../provider-usage.js';

interface Entity {
  roles?: string[] | undefined;
  vcardArray?: unknown;
  entities?: Entity[] | undefined;
}
const entity: z.ZodType<Entity> = z.lazy(() =>
  z.object({
    roles: z.array(z.string()).optional(),
    vcardArray: z.unknown().optional(),
    entities: z.array(entity).optional(),
  }),
);
const domainAnswer = z.object({
  status: z.array(z.string()).default([]),
  events: z.array(z.object({ eventAction: z.string(), eventDate: z.string() })).default([]),
  entities: z.array(entity).default([]),
});
const ipAnswer = z.object({ name: z.string().nullish(), country: z.string().nullish() });

/** A vCard property's text value (jCard: ['vcard', [[name, params, type, value], …]]). */
function vcardValue(vcard: unknown, property: string): string | null {
  if (!Array.isArray(vcard) || !Array.isArray(vcard[1])) return null;
  for (const item of vcard[1] as unknown[]) {
    if (Array.isArray(item) && item[0] === property && typeof item[3] === 'string') return item[3];
  }
  return null;
}

function withRole(entities: Entity[], role: string): Entity | undefined {
  for (const e of entities) {
    if (e.roles?.includes(role)) return e;
    const inner = withRole(e.entities ?? [], role);
    if (inner) return inner;
  }
  return undefined;
}

export function rdapAdapter(http: ProviderHttp, settings: { url: string }, limit: ProviderLimit): RdapProvider {
  const headers = { accept: 'application/rdap+json' };
  return {
    id: 'rdap',
    async domain(name: string, call: ProviderCall): Promise<RdapDomain | null> {
      const { body } = await http.json({
        url: `${settings.url}/domain/${encodeURIComponent(name)}`,
        headers,
        call,
        limit,
        accept: [404],
      });
      if (body === null) return null;
      const parsed = domainAnswer.safeParse(body);
      if (!parsed.success) return http.malformed(call, 'not an RDAP domain');
      const registrar = withRole(parsed.data.entities, 'registrar');
      const abuse = withRole(registrar?.entities ?? parsed.data.entities, 'abuse');
      const registered = parsed.data.events.find((e) => e.eventAction === 'registration');
      const registeredAt = registered ? new Date(registered.eventDate) : null;
      await http.results(call, 1);
      return {
        registrar: registrar ? vcardValue(registrar.vcardArray, 'fn') : null,
        registeredAt: registeredAt && !Number.isNaN(registeredAt.getTime()) ? registeredAt : null,
        status: parsed.data.status,
        abuseEmail: abuse ? vcardValue(abuse.vcardArray, 'email') : null,
      };
    },
    async ip(address: string, call: ProviderCall): Promise<RdapNetwork | null> {
      const { body } = await http.json({
        url: `${settings.url}/ip/${encodeURIComponent(address)}`,
        headers,
        call,
        limit,
        accept: [404],
      });
      if (body === null) return null;
      const parsed = ipAnswer.safeParse(body);
      if (!parsed.success) return http.malformed(call, 'not an RDAP network');
      await http.results(call, 1);
      return { name: parsed.data.name ?? null, country: parsed.data.country ?? null };
    },
  };
}
