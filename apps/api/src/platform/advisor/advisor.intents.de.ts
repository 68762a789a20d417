// The intent engine in German: phrases, suggested questions, answers.
import { holds, type IntentCatalogue, plural } from './advisor.intents.catalogue.js';

export const de: IntentCatalogue = {
  language: 'de',
  phrases: {
    markers: ['was', 'welche', 'welcher', 'sind', 'wir', 'unser', 'unsere', 'ist', 'der', 'die', 'das', 'uns', 'mit'],
    fixFirst: [
      'größten risiken',
      'größte risiken',
      'wichtigsten risiken',
      'top risiken',
      'aufmerksamkeit',
      'zuerst',
      'als erstes',
      'beheb*',
      'behob*',
      'priorit*',
      'dringend*',
      'wo anfangen',
      'womit anfangen',
      'wo fangen',
      'am wichtigsten',
    ],
    cve: ['betroffen', 'betrifft', 'anfällig', 'verwundbar', 'cve*', 'schwachstelle*'],
    whatChanged: [
      'neu',
      'neue',
      'neuen',
      'was hat sich geändert',
      'geändert',
      'veränder*',
      'änderung*',
      'was ist neu',
      'neuigkeit*',
      'passiert',
    ],
    leaked: [
      'konten',
      'konto',
      'geleakt*',
      'leak*',
      'passw*',
      'kennw*',
      'zugangsdaten',
      'anmeldedaten',
      'kompromittiert*',
      'durchgesickert*',
    ],
    clearPassword: ['klartext*', 'unverschlüsselt*', 'lesbar*'],
    posture: [
      'wie steht es',
      'wie stehen wir',
      'überblick',
      'zusammenfassung',
      'status',
      'bewertung',
      'rating',
      'score',
      'note',
      'sicherheitslage',
      'sicherheitsniveau',
      'wie sicher',
      'einstufung',
    ],
    search: ['suche nach', 'such nach', 'finde', 'finden', 'suche', 'such', 'zeig mir', 'zeige', 'wo ist'],
    help: ['hilfe', 'was kannst du', 'was können sie', 'welche fragen'],
    week: ['woche*', 'letzten 7 tage', '7 tage', 'sieben tage'],
    month: ['monat*', 'letzten 30 tage', '30 tage', 'dreißig tage'],
  },
  questions: {
    fixFirst: 'Was sollten wir zuerst beheben?',
    cve: (id) => (id ? `Sind wir von ${id} betroffen?` : 'Welche CVEs betreffen uns?'),
    whatChanged: 'Was hat sich diese Woche geändert?',
    leaked: 'Welche unserer Konten wurden mit einem Passwort im Klartext geleakt?',
    posture: 'Wie ist unsere Bewertung?',
    search: (terms) => `Suche nach ${terms}`,
  },
  text: {
    noModel:
      'Es ist kein Modell konfiguriert; eingebaute Antworten gibt es auf diese Fragen: was zuerst zu beheben ist, ob Sie von einer CVE betroffen sind, was sich diese Woche oder diesen Monat geändert hat, welche Konten mit einem Passwort im Klartext geleakt wurden, wie Ihre Bewertung ist, und eine Suche („Suche nach …“).',
    unrecognised: 'Diese Frage habe ich nicht erkannt.',
    helpIntro: 'Sie können zum Beispiel fragen:',
    severity: { critical: 'kritisch', high: 'hoch', medium: 'mittel', low: 'niedrig', info: 'Info' },
    rating: (grade, score) => `Ihre Bewertung ist ${grade} (${score} von 100).`,
    noRating: 'Für Ihre Bewertung gibt es noch keine Daten.',
    openFindings: (total, critical, high) =>
      `${plural(total, '# Befund ist offen', '# Befunde sind offen')}: ${critical.text} kritisch, ${high.text} hoch.`,
    fixFirstIntro: 'Beginnen Sie hiermit; deren Behebung verbessert Ihre Bewertung am meisten:',
    fixGain: (points, alike) => `+${points} Punkte${alike.n > 1 ? `, ${alike.text} dieser Art` : ''}`,
    nothingToFix: 'Kein offener Befund wartet auf eine Behebung.',
    cveListIntro: 'Ihre offenen Befunde mit einer CVE, die schwersten zuerst:',
    cveListNone: 'Keiner Ihrer offenen Befunde nennt eine CVE.',
    cveAskOne: (question) => `Um eine CVE zu prüfen, fragen Sie: ${question}`,
    cveFacts: ({ cvss, severity, kev, epss }) =>
      `${[
        cvss ? `CVSS ${cvss}${severity ? ` (${severity})` : ''}` : 'kein CVSS-Wert',
        kev ? 'bekanntermaßen ausgenutzt (CISA KEV)' : 'nicht im CISA-KEV-Katalog',
        epss ? `EPSS ${epss}` : 'kein EPSS-Wert',
      ].join('; ')}.`,
    cveAffected: (id, findings, watched) =>
      `Ja: ${id} ${[
        findings.n > 0 ? plural(findings, 'passt zu # Ihrer offenen Befunde', 'passt zu # Ihrer offenen Befunde') : '',
        watched ? 'passt zu Ihrer CVE-Beobachtungsliste' : '',
      ]
        .filter(Boolean)
        .join(' und ')}.`,
    cveCatalogue: ({ severity, published }) =>
      `Im CVE-Katalog${severity ? `, Schweregrad ${severity}` : ''}${published ? `, veröffentlicht am ${published}` : ''}.`,
    cveUnknown: (id, { sync, upload, nvdUpTo, kev }) =>
      `${id} ist nicht im Katalog (${sync ? `letzte NVD-Synchronisierung ${sync}` : upload ? `nie mit NVD synchronisiert;${holds(nvdUpTo, kev, { intro: 'er enthält', nvd: 'NVD-Einträge veröffentlicht bis', kev: 'die KEV-Ausgabe', and: 'und' })} letzter Katalog-Upload ${upload}` : 'der Katalog wurde noch nie synchronisiert'}): ob sie Sie betrifft, lässt sich nicht mit Ihrer Beobachtungsliste prüfen.`,
    cveNotAffected: (id) =>
      `Kein Datensatz zeigt, dass Sie von ${id} betroffen sind: weder Ihre Beobachtungsliste noch Ihre Befunde passen dazu.`,
    changedPeriod: (period, from, to) =>
      `${period === 'week' ? 'In den letzten 7 Tagen' : 'In den letzten 30 Tagen'} (${from} bis ${to}):`,
    changedCounts: (c) =>
      `${plural(c.new, '# neuer Befund', '# neue Befunde')}, ${c.resolved.text} behoben, ${c.reopened.text} wieder geöffnet, ${plural(c.slaBreaches, '# SLA-Verletzung', '# SLA-Verletzungen')}.`,
    changedBefore: (c) =>
      `Der Zeitraum davor: ${c.new.text} neu, ${c.resolved.text} behoben, ${c.reopened.text} wieder geöffnet, ${c.slaBreaches.text} SLA-Verletzungen.`,
    topRisksIntro: 'Die größten offenen Risiken:',
    leakedIntro: (total, clearOnly, domain) =>
      `${plural(total, '# Konto', '# Konten')}${domain ? ` von ${domain}` : ''} ${total.n === 1 ? 'wurde' : 'wurden'}${clearOnly ? ' mit einem Passwort im Klartext' : ''} geleakt.`,
    leakedNone: (clearOnly, domain) =>
      `Kein Konto${domain ? ` von ${domain}` : ''} wurde${clearOnly ? ' mit einem Passwort im Klartext' : ''} geleakt.`,
    shownFirst: (shown) => `Die ersten ${shown.text}:`,
    searchIntro: (total) => `${plural(total, '# Treffer', '# Treffer')} für:`,
    searchNone: 'Nichts gefunden für:',
    searchNeedsTerms: 'Sagen Sie, wonach gesucht werden soll, zum Beispiel: Suche nach acme-retail.example',
    toolFailed: (reason) => `Ich konnte die Daten nicht lesen: ${reason}`,
  },
};
