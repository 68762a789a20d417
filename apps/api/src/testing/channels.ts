// Test helpers of the SIEM and ticket channels: a channel made through the API and its delivery log.
import { expect } from 'vitest';
import { answerOf } from './api.js';
import type { SignedIn } from './flows.js';

export async function addChannel(who: SignedIn, body: Record<string, unknown>) {
  const response = await who.browser.post('/api/alerts/channels', { name: 'SIEM', ...body }, { token: who.token });
  expect(response.statusCode, response.body).toBe(201);
  return answerOf('createAlertChannel', response);
}

export async function channelLog(who: SignedIn, id: number) {
  const response = await who.browser.get(`/api/alerts/channels/${id}/deliveries`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listAlertChannelDeliveries', response).data.reverse();
}

export function testChannel(who: SignedIn, id: number) {
  return who.browser.post(`/api/alerts/channels/${id}/test`, undefined, { token: who.token });
}
