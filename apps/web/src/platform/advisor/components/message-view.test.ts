import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { argumentsText } from './message-view';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

// A step of an answer read `Compared what changed {"period":"week"}` (issue 33): its arguments are
// worded in the interface language.
describe('argumentsText', () => {
  it('words each argument, never as JSON', () => {
    expect(argumentsText({ period: 'week' }, i18n.t)).toBe('last 7 days');
    expect(argumentsText({ cve: 'CVE-2021-44228' }, i18n.t)).toBe('CVE-2021-44228');
    expect(argumentsText({ severity: ['critical', 'high'], sort: 'newest', limit: 10 }, i18n.t)).toBe(
      'Critical, High · newest first · at most 10',
    );
    expect(argumentsText({ clearPasswordOnly: true, domain: 'acme.example' }, i18n.t)).toBe(
      'clear passwords only · acme.example',
    );
    expect(argumentsText({ clearPasswordOnly: false }, i18n.t)).toBe('');
    expect(argumentsText({}, i18n.t)).toBe('');
  });

  it('in the interface language', async () => {
    await i18n.changeLanguage('pt-br');
    try {
      expect(argumentsText({ period: 'month', status: ['new'] }, i18n.t)).toBe('últimos 30 dias · Novo');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
