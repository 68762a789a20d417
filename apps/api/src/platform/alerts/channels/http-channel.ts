// The HTTP channels' common step: resolve the URL now, refuse an internal address (given up, as
// for webhooks), post, and hand the answer to the adapter's own judgement.
import type { AppContext } from '../../../app-context.js';
import { type Answer, send } from '../outbound-http.js';
import { resolveTarget, TargetRefused } from '../webhook-target.js';
import type { ChannelAttempt } from './channel-adapter.js';

export async function postTo(
  ctx: AppContext,
  url: string,
  body: string,
  headers: Record<string, string>,
  judge: (answer: Answer) => ChannelAttempt,
): Promise<ChannelAttempt> {
  try {
    const target = await resolveTarget(url, ctx.config.webhookPrivateTargets);
    const answer = await send(target, body, { 'user-agent': 'Vigil-Channels/1', ...headers });
    if (answer.code === null) return { verdict: 'retry', code: null, error: answer.error, latencyMs: answer.latencyMs };
    return judge(answer);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { verdict: error instanceof TargetRefused ? 'given_up' : 'retry', code: null, error: message, latencyMs: 0 };
  }
}

/** `https://x/` + `services/collector/event` → `https://x/services/collector/event`. */
export function under(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
