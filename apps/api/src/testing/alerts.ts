// Test helpers of alerts: a rule or a webhook made through the API, a combolist of n lines, and the
// alerts a rule raised.
import { expect } from 'vitest';
import type { VigilApp } from '../app.js';
import { answerOf } from './api.js';
import type { SignedIn } from './flows.js';

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
  return answerOf('createAlertRule', response).data.id;
}

export async function addWebhook(
  who: SignedIn,
  body: Record<string, unknown>,
): Promise<{ id: number; secret: string }> {
  const response = await who.browser.post('/api/alerts/webhooks', { format: 'json', ...body }, { token: who.token });
  expect(response.statusCode, response.body).toBe(201);
  const answer = answerOf('createWebhook', response);
  // WebhookResponse (create and update) makes the secret optional: the creation always shows it.
  if (answer.secret === undefined) throw new Error(`The created webhook came without its secret: ${response.body}`);
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

/**
 * Runs the jobs until none is running or due. The app's own worker runs in the background too (a
 * test's drain can find nothing to claim while it is still posting), so this waits for it.
 */
export async function settle(app: VigilApp): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    await app.jobs.drain();
    const now = app.ctx.clock.now();
    const busy = await app.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'running'),
          eb.and([eb('status', '=', 'queued'), eb.or([eb('run_at', 'is', null), eb('run_at', '<=', now)])]),
        ]),
      )
      .executeTakeFirst();
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('jobs did not settle');
}
