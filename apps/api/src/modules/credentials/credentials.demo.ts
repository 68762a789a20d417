// The credentials module's demo data in its real formats: the HIBP breach list (with the first
// company's files), and for each company an HIBP domain search, combolists spread over the month
// and a stealer-log folder. Seeded, so the same anchor always gives the same files.

import { tar } from '../../platform/imports/import-archive.js';
import type { DemoFile, DemoInput } from '../../platform/monitoring/monitoring-module.js';
import { DAY } from '../../shared/clock.js';
import { pick, prng } from '../../shared/seeded-random.js';

const firstNames = [
  'ana',
  'bruno',
  'carla',
  'diego',
  'elena',
  'felipe',
  'gabriela',
  'hugo',
  'irene',
  'joao',
  'karen',
  'luis',
  'marta',
  'nuno',
  'olga',
  'pedro',
  'rita',
  'sergio',
  'tania',
  'victor',
];
const lastNames = ['silva', 'costa', 'santos', 'oliveira', 'pereira', 'lima', 'gomes', 'ribeiro', 'martins', 'rocha'];
const otherDomains = ['mailbox.example', 'freemail.example', 'corp-other.example', 'school.example'];
const breachNames = [
  { Name: 'Gizmoshop', Title: 'Gizmoshop', classes: ['Email addresses', 'Passwords', 'Names'] },
  { Name: 'TravelNest', Title: 'TravelNest', classes: ['Email addresses', 'Phone numbers', 'Dates of birth'] },
  { Name: 'FitTrack', Title: 'FitTrack', classes: ['Email addresses', 'Passwords', 'Geographic locations'] },
  { Name: 'ForumHub', Title: 'ForumHub', classes: ['Email addresses', 'Usernames', 'IP addresses'] },
  { Name: 'CloudNotes', Title: 'Cloud Notes', classes: ['Email addresses', 'Passwords'] },
  { Name: 'PixelArena', Title: 'Pixel Arena', classes: ['Email addresses', 'Usernames', 'Passwords'] },
];
function password(random: () => number): string {
  const words = [
    'Summer',
    'Winter',
    'Dragon',
    'Welcome',
    'Football',
    'Monkey',
    'Sunshine',
    'Qwerty',
    'Shadow',
    'Master',
  ];
  return `${pick(random, words)}${Math.floor(random() * 9000 + 1000)}${pick(random, ['!', '#', '', '@', '.'])}`;
}

function person(random: () => number): string {
  return `${pick(random, firstNames)}.${pick(random, lastNames)}`;
}

function breachCatalogue(anchor: Date): DemoFile {
  const breaches = breachNames.map((b, i) => ({
    Name: b.Name,
    Title: b.Title,
    Domain: `${b.Name.toLowerCase()}.example`,
    BreachDate: new Date(anchor.getTime() - (400 + i * 90) * DAY).toISOString().slice(0, 10),
    AddedDate: new Date(anchor.getTime() - (28 - i * 5) * DAY).toISOString(),
    ModifiedDate: new Date(anchor.getTime() - (20 - i * 3) * DAY).toISOString(),
    PwnCount: 150000 + i * 987654,
    Description: `In a fictional incident, ${b.Title} exposed customer records.`,
    LogoPath: `https://haveibeenpwned.com/Content/Images/PwnedLogos/${b.Name}.png`,
    DataClasses: b.classes,
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: false,
    IsRetired: false,
    IsSpamList: false,
    IsMalware: false,
    IsSubscriptionFree: false,
  }));
  return {
    kind: 'hibp',
    fileName: 'breaches.json',
    content: Buffer.from(JSON.stringify(breaches, null, 2)),
    options: {},
  };
}

/** One company's files (and, with the first company, the breach list its searches name). */
export function credentialsDemo({ anchor, company, seed, index }: DemoInput): DemoFile[] {
  if (!company) return [];
  const random = prng(seed);
  const files: DemoFile[] = index === 0 ? [breachCatalogue(anchor)] : [];
  const search: Record<string, string[]> = {};
  for (let i = 0; i < 70; i += 1) {
    const alias = person(random);
    const names = new Set<string>();
    const n = 1 + Math.floor(random() * 3);
    for (let j = 0; j < n; j += 1) names.add(pick(random, breachNames).Name);
    search[alias] = [...names];
  }
  files.push({
    kind: 'hibp',
    fileName: `${company.domain}.json`,
    content: Buffer.from(JSON.stringify(search, null, 2)),
    options: {},
  });
  // Combolists turn up every few days, of uneven sizes: new credentials spread over the month, as
  // they do, where four files of the same size made four spikes in the 30-day chart.
  // (Not on the days the demo breaches were added: those bring their own new credentials.)
  for (const [index, daysAgo] of [29, 26, 24, 21, 19, 16, 14, 11, 9, 6, 4, 1].entries()) {
    const lines: string[] = [];
    const size = 70 + Math.floor(random() * 90);
    for (let i = 0; i < size; i += 1) {
      const own = random() < 0.35;
      const email = `${person(random)}${Math.floor(random() * 90)}@${own ? company.domain : pick(random, otherDomains)}`;
      const form = random();
      if (form < 0.5) lines.push(`${email}:${password(random)}`);
      else if (form < 0.75) lines.push(`${email};${password(random)}`);
      else if (form < 0.95) lines.push(`https://${pick(random, company.hosts)}/login:${email}:${password(random)}`);
      else lines.push(pick(random, ['<html>', `${email}`, 'user without password:', '']));
    }
    const seenAt = new Date(anchor.getTime() - daysAgo * DAY);
    files.push({
      kind: 'combolist',
      fileName: `combo-${index + 1}-${seenAt.toISOString().slice(0, 10)}.txt`,
      content: Buffer.from(lines.join('\n')),
      options: { seen_at: seenAt.toISOString() },
    });
  }
  const stealer: { path: string; text: string }[] = [];
  for (let d = 0; d < 8; d += 1) {
    const machine = `DESKTOP-${Math.floor(random() * 0xffffff)
      .toString(16)
      .toUpperCase()
      .padStart(6, '0')}`;
    const family = pick(random, ['RedLine', 'Lumma', 'Vidar', 'StealC', 'Raccoon']);
    const infected = new Date(anchor.getTime() - Math.floor(random() * 28 * DAY) - Math.floor(random() * DAY));
    const folder = `${family}_${machine}_${infected.toISOString().slice(0, 10)}`;
    const stamp = `${String(infected.getUTCDate()).padStart(2, '0')}.${String(infected.getUTCMonth() + 1).padStart(2, '0')}.${infected.getUTCFullYear()} ${String(infected.getUTCHours()).padStart(2, '0')}:${String(infected.getUTCMinutes()).padStart(2, '0')}:00`;
    stealer.push({
      path: `${folder}/System.txt`,
      text: [
        `Build: ${family} 2026`,
        `Malware: ${family}`,
        `MachineName: ${machine}`,
        `HWID: ${Math.floor(random() * 1e12)
          .toString(16)
          .toUpperCase()}`,
        `IP: 203.0.113.${Math.floor(random() * 250) + 1}`,
        `Country: ${pick(random, ['BR', 'PT', 'ES', 'US', 'MX'])}`,
        'OS: Windows 11 Pro x64',
        `Log date: ${stamp}`,
      ].join('\r\n'),
    });
    const blocks: string[] = [];
    const n = 4 + Math.floor(random() * 8);
    for (let i = 0; i < n; i += 1) {
      const own = random() < 0.5;
      const url = own
        ? `https://${pick(random, company.hosts)}/login`
        : `https://${pick(random, ['social.example', 'bank.example', 'shop.example'])}/signin`;
      const user =
        own || random() < 0.3
          ? `${person(random)}@${company.domain}`
          : `${person(random)}@${pick(random, otherDomains)}`;
      blocks.push(
        `URL: ${url}\r\nUsername: ${user}\r\nPassword: ${password(random)}\r\nApplication: Google_[Chrome]_Default`,
      );
    }
    stealer.push({ path: `${folder}/Passwords.txt`, text: `${blocks.join('\r\n===============\r\n')}\r\n` });
  }
  files.push({
    kind: 'infostealer',
    fileName: `stealer-logs-${company.domain}.tar`,
    content: tar(stealer),
    options: {},
  });
  return files;
}
