// The dorks module's demo data, through its real paths: the platform's share is a small GHDB file
// in Exploit-DB's ghdb.xml shape; each demo company gets saved Programmable Search JSON pages (the
// `search-results` import) and a demo run queued against the local replay server the development
// start serves as the web search provider (labelled demo).
import type { Executor } from '../../db/database.js';
import type { DemoFile, DemoInput } from '../../platform/monitoring/monitoring-module.js';
import { queueDorkRun } from './dorks.run.js';
import { dorkTemplates } from './dorks.templates.js';

const ghdbEntries: [number, string, string, string, string][] = [
  [
    4601,
    'Files Containing Passwords',
    'Exposed WordPress configuration backups',
    'inurl:wp-config.php.bak',
    '2019-03-14',
  ],
  [5220, 'Sensitive Directories', 'Listed upload folders', 'intitle:"index of" "uploads"', '2019-05-02'],
  [
    6012,
    'Pages Containing Login Portals',
    'Magento admin login pages',
    'inurl:"/admin" intitle:"Magento Admin"',
    '2020-02-11',
  ],
  [7345, 'Error Messages', 'Laravel debug pages', '"Whoops! There was an error." intext:"Illuminate"', '2021-08-30'],
  [
    8120,
    'Files Containing Juicy Info',
    'Exposed .DS_Store files',
    'inurl:".DS_Store" intitle:"index of"',
    '2022-11-07',
  ],
  [8409, 'Sensitive Online Shopping Info', 'Exported customer lists', 'ext:csv intext:"customer_email"', '2023-06-19'],
];

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function ghdbXml(entries = ghdbEntries): string {
  const body = entries
    .map(
      ([id, category, title, query, date]) => `  <entry>
    <id>${id}</id>
    <link>https://www.exploit-db.com/ghdb/${id}</link>
    <category>${category}</category>
    <title>${xmlText(title)}</title>
    <query>${xmlText(query)}</query>
    <date>${date}</date>
    <author>Vigil demo</author>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<searchEngineDatabase>\n${body}\n</searchEngineDatabase>\n`;
}

/** One saved Programmable Search page (the JSON the API answers). */
export function searchPage(query: string, items: { link: string; title: string; snippet: string }[]) {
  return {
    kind: 'customsearch#search',
    queries: {
      request: [{ title: 'Vigil', totalResults: String(items.length), searchTerms: query, count: 10, startIndex: 1 }],
    },
    searchInformation: { totalResults: String(items.length) },
    items: items.map((i) => ({ kind: 'customsearch#result', displayLink: new URL(i.link).host, ...i })),
  };
}

const templateQuery = (key: string) => dorkTemplates.find((t) => t.key === key)?.query ?? key;

export function dorksDemo({ company }: DemoInput): DemoFile[] {
  if (!company) {
    return [{ kind: 'ghdb', fileName: 'ghdb.xml', content: Buffer.from(ghdbXml()), options: {} }];
  }
  const d = company.domain;
  const pages = [
    searchPage(`${templateQuery('directory-listing')} site:${d}`, [
      {
        link: `https://www.${d}/backup/`,
        title: 'Index of /backup',
        snippet: 'Index of /backup. Name Last modified Size. site-2026-10.tar.gz',
      },
      {
        link: `https://static.${d}/old/`,
        title: 'Index of /old',
        snippet: 'Parent Directory. theme-old.zip 2025-03-01',
      },
    ]),
    searchPage(`${templateQuery('log-files')} site:${d}`, [
      {
        link: `https://www.${d}/logs/error.log`,
        title: 'error.log',
        snippet: 'PHP Warning: mysqli_connect(): (HY000/1045): Access denied for user',
      },
    ]),
    searchPage(`${templateQuery('login-portals')} site:${d}`, [
      {
        link: `https://vpn.${d}/login?session=3f9a1c`,
        title: 'Sign in – remote access',
        snippet: 'Enter your user name and password',
      },
    ]),
  ];
  return [
    {
      kind: 'search-results',
      fileName: `search-results-${d}.json`,
      content: Buffer.from(JSON.stringify(pages, null, 2)),
      options: {},
    },
  ];
}

/** A demo company's dork run, against the replay server of a development start. */
export async function dorksDemoSetup(db: Executor, companyId: number, _company: unknown, anchor: Date) {
  await queueDorkRun(db, { companyId, createdBy: null, isDemo: true, now: anchor });
}
