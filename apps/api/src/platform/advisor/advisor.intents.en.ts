// The intent engine in English: phrases, suggested questions, answers.
import { holds, type IntentCatalogue, plural } from './advisor.intents.catalogue.js';

export const en: IntentCatalogue = {
  language: 'en',
  phrases: {
    markers: ['what', 'which', 'are', 'we', 'our', 'is', 'the', 'should', 'i', 'us', 'do', 'did', 'this', 'with'],
    fixFirst: [
      'first',
      'biggest risk*',
      'top risk*',
      'main risk*',
      'needs attention',
      'attention',
      'fix first',
      'fix*',
      'remediat*',
      'priorit*',
      'most urgent',
      'urgent*',
      'start with',
      'where do i start',
      'where should we start',
      'what first',
      'most important',
    ],
    cve: ['affected', 'affect*', 'vulnerable', 'exposed to', 'impacted', 'cve*', 'vulnerabilit*'],
    whatChanged: [
      'what is new',
      'new',
      'what changed',
      'chang*',
      'what s new',
      'whats new',
      'new this',
      'happened',
      'news',
      'difference*',
    ],
    leaked: ['account*', 'leak*', 'breach*', 'password*', 'credential*', 'compromised', 'stolen', 'exposed account*'],
    clearPassword: ['clear', 'cleartext', 'clear text', 'plain text', 'plaintext', 'unencrypted', 'readable'],
    posture: [
      'how are we doing',
      'how do we stand',
      'summary',
      'overview',
      'status',
      'rating',
      'score',
      'grade',
      'posture',
      'how secure',
      'how safe',
      'risk level',
      'security level',
      'overall',
    ],
    search: ['search for', 'look for', 'look up', 'find', 'search', 'show me', 'where is'],
    help: ['help', 'what can you', 'what do you know', 'which questions', 'what questions', 'who are you'],
    week: ['week*', 'last 7 days', '7 days', 'seven days'],
    month: ['month*', 'last 30 days', '30 days', 'thirty days'],
  },
  questions: {
    fixFirst: 'What should we fix first?',
    cve: (id) => (id ? `Are we affected by ${id}?` : 'Which CVEs affect us?'),
    whatChanged: 'What changed this week?',
    leaked: 'Which of our accounts leaked with a clear password?',
    posture: 'What is our rating?',
    search: (terms) => `Find ${terms}`,
  },
  text: {
    noModel:
      'No model is configured, so these are the built-in answers: what to fix first, whether you are affected by a CVE, what changed this week or this month, which accounts leaked with a clear password, your rating, and a search ("find …").',
    unrecognised: 'I did not recognise this question.',
    helpIntro: 'You can ask, for example:',
    severity: { critical: 'critical', high: 'high', medium: 'medium', low: 'low', info: 'info' },
    rating: (grade, score) => `Your rating is ${grade} (${score} of 100).`,
    noRating: 'Your rating has no data yet.',
    openFindings: (total, critical, high) =>
      `${plural(total, '# finding is open', '# findings are open')}: ${critical.text} critical, ${high.text} high.`,
    fixFirstIntro: 'Start with these; resolving them adds most to your rating:',
    fixGain: (points, alike) => `+${points} points${alike.n > 1 ? `, ${alike.text} of this kind` : ''}`,
    nothingToFix: 'No open finding waits for a fix.',
    cveListIntro: 'Your open findings that name a CVE, most severe first:',
    cveListNone: 'No open finding of yours names a CVE.',
    cveAskOne: (question) => `To check one CVE, ask: ${question}`,
    cveFacts: ({ cvss, severity, kev, epss }) =>
      `${[
        cvss ? `CVSS ${cvss}${severity ? ` (${severity})` : ''}` : 'No CVSS score',
        kev ? 'known to be exploited (CISA KEV)' : 'not in the CISA KEV catalogue',
        epss ? `EPSS ${epss}` : 'no EPSS score',
      ].join('; ')}.`,
    cveAffected: (id, findings, watched) =>
      `Yes: ${id} ${[
        findings.n > 0 ? plural(findings, 'matches # of your open findings', 'matches # of your open findings') : '',
        watched ? 'matches your CVE watch list' : '',
      ]
        .filter(Boolean)
        .join(' and ')}.`,
    cveCatalogue: ({ severity, published }) =>
      `In the CVE catalogue${severity ? `, ${severity} severity` : ''}${published ? `, published ${published}` : ''}.`,
    cveUnknown: (id, { sync, upload, nvdUpTo, kev }) =>
      `${id} is not in the catalogue (${sync ? `last NVD sync ${sync}` : upload ? `never synced with NVD;${holds(nvdUpTo, kev, { intro: 'it holds', nvd: 'NVD records published up to', kev: 'KEV release', and: 'and' })} last catalogue upload ${upload}` : 'the catalogue has never been synced'}): whether it affects you cannot be checked against your watch list.`,
    cveNotAffected: (id) =>
      `No record shows you affected by ${id}: neither your watch list nor your findings match it.`,
    changedPeriod: (period, from, to) =>
      `${period === 'week' ? 'In the last 7 days' : 'In the last 30 days'} (${from} to ${to}):`,
    changedCounts: (c) =>
      `${plural(c.new, '# new finding', '# new findings')}, ${c.resolved.text} resolved, ${c.reopened.text} reopened, ${plural(c.slaBreaches, '# SLA breach', '# SLA breaches')}.`,
    changedBefore: (c) =>
      `The period before: ${c.new.text} new, ${c.resolved.text} resolved, ${c.reopened.text} reopened, ${c.slaBreaches.text} SLA breaches.`,
    topRisksIntro: 'The top open risks:',
    leakedIntro: (total, clearOnly, domain) =>
      `${plural(total, '# account', '# accounts')}${domain ? ` of ${domain}` : ''} leaked${clearOnly ? ' with a clear password' : ''}.`,
    leakedNone: (clearOnly, domain) =>
      `No account${domain ? ` of ${domain}` : ''} leaked${clearOnly ? ' with a clear password' : ''}.`,
    shownFirst: (shown) => `The first ${shown.text}:`,
    searchIntro: (total) => `${plural(total, '# result', '# results')} for:`,
    searchNone: 'Nothing found for:',
    searchNeedsTerms: 'Say what to search for, for example: Find acme-retail.example',
    toolFailed: (reason) => `I could not read the data: ${reason}`,
  },
};
