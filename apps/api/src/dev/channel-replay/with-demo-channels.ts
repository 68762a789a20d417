// The development start's replay servers of the alert channels (ADR 0050) on 127.0.0.1: Splunk
// HEC, Elasticsearch, Jira and a syslog collector, each with a demo credential printed in the
// banner, so an administrator of the demo can add each kind of channel, send a test and read its log.
import { startElastic, startJira, startSplunkHec } from './channel-replay.js';
import { startSyslog } from './syslog-replay.js';

export const demoChannelCredentials = {
  hecToken: 'demo-hec-token-0000',
  elasticApiKey: 'demo-elastic-api-key',
  jira: { email: 'demo@vigil.test', token: 'demo-jira-api-token', project: 'VIG' },
} as const;

export interface DemoChannels {
  lines: string[];
  close(): Promise<void>;
}

export async function startDemoChannels(): Promise<DemoChannels> {
  const c = demoChannelCredentials;
  const [hec, es, jira, syslog] = await Promise.all([
    startSplunkHec(c.hecToken),
    startElastic(c.elasticApiKey),
    startJira({ email: c.jira.email, token: c.jira.token }, c.jira.project),
    startSyslog(),
  ]);
  return {
    lines: [
      `  channels      replay servers for the alert channels (WEBHOOK_PRIVATE_TARGETS allows 127.0.0.1 here):`,
      `                Splunk HEC ${hec.url} token ${c.hecToken} · Elastic ${es.url} API key ${c.elasticApiKey}`,
      `                Jira ${jira.url} ${c.jira.email} / ${c.jira.token} project ${c.jira.project} · syslog TCP ${syslog.host}:${syslog.port}`,
    ],
    close: async () => {
      await Promise.all([hec.close(), es.close(), jira.close(), syslog.close()]);
    },
  };
}
