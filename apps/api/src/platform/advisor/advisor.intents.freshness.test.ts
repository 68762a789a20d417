// A CVE the catalogue does not hold, in a catalogue loaded from files (the demo's real snapshot, an
// operator's uploads): the answer says what the catalogue holds, not only the day it was loaded — a
// snapshot loaded today can be months old (issue 31).
import { describe, expect, it } from 'vitest';
import { catalogues } from './advisor.intents.languages.js';

const uploaded = { sync: null, upload: 'Dec 6, 2026', nvdUpTo: 'Aug 25, 2025', kev: '2025.08.25' };

describe('the unknown-CVE answer of an uploaded catalogue', () => {
  it('names the newest NVD publication and the KEV release it holds, in every language', () => {
    expect(catalogues.en.text.cveUnknown('CVE-1999-9999', uploaded)).toBe(
      'CVE-1999-9999 is not in the catalogue (never synced with NVD; it holds NVD records published up to Aug 25, 2025 and KEV release 2025.08.25; last catalogue upload Dec 6, 2026): whether it affects you cannot be checked against your watch list.',
    );
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const text = catalogue.text.cveUnknown('CVE-1999-9999', uploaded);
      expect(text, language).toContain('Aug 25, 2025');
      expect(text, language).toContain('2025.08.25');
      expect(text, language).toContain('Dec 6, 2026');
    }
    expect(catalogues['pt-br'].text.cveUnknown('CVE-1', uploaded)).toContain('registros do NVD');
    expect(catalogues.pt.text.cveUnknown('CVE-1', uploaded)).toContain('registos do NVD');
  });

  it('leaves the clause out when the uploads hold neither', () => {
    expect(catalogues.en.text.cveUnknown('CVE-1999-9999', { ...uploaded, nvdUpTo: null, kev: null })).toBe(
      'CVE-1999-9999 is not in the catalogue (never synced with NVD; last catalogue upload Dec 6, 2026): whether it affects you cannot be checked against your watch list.',
    );
    expect(catalogues.en.text.cveUnknown('CVE-1', { ...uploaded, nvdUpTo: null })).toContain(
      '; it holds KEV release 2025.08.25; last',
    );
  });
});
