// Test helpers of the advisor (issue 20): the demo data set loaded through the real import jobs,
// a question asked through POST /api/advisor/messages with its server-sent events read back, and
// the demo's known clear passwords (to prove none reaches a model).
import { expect } from 'vitest';
import type { VigilApp } from '../app.js';
import { demoAnchor, loadMonitoringDemo, profiles } from '../demo/monitoring-demo.loader.js';
import { moduleRegistry } from '../modules.js';
import type { AdvisorEvent } from '../platform/advisor/advisor.types.js';
import type { SignedIn } from './flows.js';
import { settleJobs } from './monitoring.js';

/** Loads the demo data of both demo companies and runs its jobs to their end (some fail offline). */
export async function loadDemoData(app: VigilApp): Promise<void> {
  await loadMonitoringDemo(app.ctx, demoAnchor(new Date(Date.now() - 3_600_000)));
  await settleJobs(app, { withinMs: 60_000 });
}

/** The SSE frames of a body, as the events they carry. */
export function sseEvents(body: string): AdvisorEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const lines = frame.split('\n');
      const type = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? '{}';
      const event = JSON.parse(data) as AdvisorEvent;
      expect(event.type).toBe(type);
      return event;
    });
}

/** Asks a question; answers the HTTP status, the events and the response. */
export async function askAdvisor(who: SignedIn, question: string, conversationId?: number) {
  const response = await who.browser.post(
    '/api/advisor/messages',
    { question, ...(conversationId ? { conversationId } : {}) },
    { token: who.token, headers: { accept: 'text/event-stream' } },
  );
  const events = response.statusCode === 200 ? sseEvents(response.body) : [];
  return { response, events };
}

export function eventsOf<T extends AdvisorEvent['type']>(events: AdvisorEvent[], type: T) {
  return events.filter((e): e is Extract<AdvisorEvent, { type: T }> => e.type === type);
}

/** Every clear password of the demo's leak files (combolists, stealer logs) of both companies. */
export function demoClearPasswords(): string[] {
  const anchor = demoAnchor(new Date());
  const passwords = new Set<string>();
  for (const [index, domain] of ['acme-retail.example', 'globex.example'].entries()) {
    const profile = profiles[index === 0 ? 'Acme Retail' : 'Globex Bank'];
    if (!profile) continue;
    for (const module of moduleRegistry.modules) {
      for (const file of module.demo?.({ anchor, company: { domain, ...profile }, index, seed: 100 + index }) ?? []) {
        if (file.kind !== 'combolist') continue;
        for (const line of file.content.toString('utf8').split('\n')) {
          const password = line.split(':').slice(1).join(':').trim();
          if (password.length >= 6) passwords.add(password);
        }
      }
    }
  }
  return [...passwords];
}
