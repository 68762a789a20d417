// Test helpers of alerts: a rule or a webhook made through the API, a combolist of n lines, and the
// alerts a rule raised.
import { expect } from 'vitest';
import type { VigilApp } from '../app.js';
import { json, type SignedIn } from './flows.js';

export const instantRule = {
  modules: null,
  min_severity: 'high',
  delivery: 'instant',
  digest_hour: null,
  time_zone: 'Europe/Paris',
  email: true,
  webhooks: false,
};

export async function addRule(who: SignedIn, body: Record<string, unknown> = {}): Promise<number> {
  const response = await who.browser.post('/api/alerts/rules', { ...instantRule, ...body }, { token: who.token });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: { id: number } }>(response).data.id;
}

export async function addWebhook(
  who: SignedIn,
  body: Record<string, unknown>,
): Promise<{ id: number; secret: string }> {
  const response = await who.browser.post('/api/alerts/webhooks', { format: 'json', ...body }, { token: who.token });
  expect(response.statusCode, response.body).toBe(201);
  const answer = json<{ data: { id: number }; secret: string }>(response);
  return { id: answer.data.id, secret: answer.secret };
}

/** A combolist of `count` lines of the domain (each a new high finding). */
export function combolist(domain: string, count: number, tag = 'u'): string {
  return Array.from({ length: count }, (_, i) => `${tag}${i}@${domain}:Password-${tag}-${i}`).join('\n');
}

export function alertsOf(app: VigilApp, ruleId: number) {
  return app.ctx.db.selectFrom('alerts').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();
}

export function mailsTo(app: VigilApp, to: string) {
  return app.ctx.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', to).orderBy('id').execute();
}
