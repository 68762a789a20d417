// The intent engine in French: phrases, suggested questions, answers.
import { holds, type IntentCatalogue, plural } from './advisor.intents.catalogue.js';

export const fr: IntentCatalogue = {
  language: 'fr',
  phrases: {
    markers: [
      'que',
      'quoi',
      'quel',
      'quelle',
      'quels',
      'quelles',
      'sommes',
      'nous',
      'notre',
      'nos',
      'est',
      'le',
      'les',
      'cette',
      'avec',
      'du',
      'des',
    ],
    fixFirst: [
      'plus grands risques',
      'principaux risques',
      'risques principaux',
      'attention',
      'en premier',
      'd abord',
      'corriger*',
      'réparer*',
      'remédier*',
      'priori*',
      'le plus urgent',
      'urgent*',
      'par où commencer',
      'par quoi commencer',
    ],
    cve: ['touchés', 'touché', 'affectés', 'affecté', 'concernés', 'concerné', 'vulnérable*', 'cve*', 'vulnérabilité*'],
    whatChanged: [
      'nouveau',
      'nouveaux',
      'nouvelles',
      'qu est ce qui a changé',
      'changé',
      'changement*',
      'quoi de neuf',
      'nouveauté*',
      's est passé',
      'évolu*',
    ],
    leaked: ['comptes', 'fuite*', 'fuité*', 'divulgu*', 'mot de passe', 'mots de passe', 'identifiant*', 'compromis'],
    clearPassword: ['en clair', 'texte clair', 'non chiffré*', 'lisible*'],
    posture: [
      'où en sommes nous',
      'résumé',
      'vue d ensemble',
      'bilan',
      'situation',
      'note',
      'notation',
      'score',
      'posture',
      'niveau de risque',
      'niveau de sécurité',
      'évaluation',
      'rating',
    ],
    search: ['cherche*', 'recherche*', 'trouve*', 'montre moi', 'où est'],
    help: ['aide', 'que peux tu', 'que pouvez vous', 'quelles questions'],
    week: ['semaine*', '7 derniers jours', '7 jours', 'sept jours'],
    month: ['mois', '30 derniers jours', '30 jours', 'trente jours'],
  },
  questions: {
    fixFirst: 'Que devons-nous corriger en premier ?',
    cve: (id) => (id ? `Sommes-nous touchés par ${id} ?` : 'Quelles CVE nous touchent ?'),
    whatChanged: 'Qu’est-ce qui a changé cette semaine ?',
    leaked: 'Quels comptes ont fuité avec un mot de passe en clair ?',
    posture: 'Quelle est notre note ?',
    search: (terms) => `Cherche ${terms}`,
  },
  text: {
    noModel:
      'Aucun modèle n’est configuré ; les réponses intégrées couvrent : quoi corriger en premier, si une CVE vous touche, ce qui a changé cette semaine ou ce mois-ci, quels comptes ont fuité avec un mot de passe en clair, votre note, et une recherche (« Cherche … »).',
    unrecognised: 'Je n’ai pas reconnu cette question.',
    helpIntro: 'Vous pouvez demander, par exemple :',
    severity: { critical: 'critique', high: 'élevée', medium: 'moyenne', low: 'faible', info: 'info' },
    rating: (grade, score) => `Votre note est ${grade} (${score} sur 100).`,
    noRating: 'Votre note n’a pas encore de données.',
    openFindings: (total, critical, high) =>
      `${plural(total, '# constat ouvert', '# constats ouverts')} : ${critical.text} critiques, ${high.text} élevés.`,
    fixFirstIntro: 'Commencez par ceux-ci ; les résoudre améliore le plus votre note :',
    fixGain: (points, alike) => `+${points} points${alike.n > 1 ? `, ${alike.text} de ce type` : ''}`,
    nothingToFix: 'Aucun constat ouvert n’attend de correction.',
    cveListIntro: 'Vos constats ouverts qui citent une CVE, les plus graves d’abord :',
    cveListNone: 'Aucun de vos constats ouverts ne cite de CVE.',
    cveAskOne: (question) => `Pour vérifier une CVE, demandez : ${question}`,
    cveFacts: ({ cvss, severity, kev, epss }) =>
      `${[
        cvss ? `CVSS ${cvss}${severity ? ` (${severity})` : ''}` : 'pas de score CVSS',
        kev ? 'exploitée activement (CISA KEV)' : 'absente du catalogue CISA KEV',
        epss ? `EPSS ${epss}` : 'pas de score EPSS',
      ].join(' ; ')}.`,
    cveAffected: (id, findings, watched) =>
      `Oui : ${id} ${[
        findings.n > 0
          ? plural(findings, 'correspond à # de vos constats ouverts', 'correspond à # de vos constats ouverts')
          : '',
        watched ? 'correspond à votre liste de veille CVE' : '',
      ]
        .filter(Boolean)
        .join(' et ')}.`,
    cveCatalogue: ({ severity, published }) =>
      `Dans le catalogue des CVE${severity ? `, gravité ${severity}` : ''}${published ? `, publiée le ${published}` : ''}.`,
    cveUnknown: (id, { sync, upload, nvdUpTo, kev }) =>
      `${id} n’est pas dans le catalogue (${sync ? `dernière synchronisation NVD le ${sync}` : upload ? `jamais synchronisé avec NVD ;${holds(nvdUpTo, kev, { intro: 'il contient', nvd: 'les fiches NVD publiées jusqu’au', kev: 'la version du KEV', and: 'et', separator: ' ;' })} dernier import du catalogue le ${upload}` : 'le catalogue n’a jamais été synchronisé'}) : impossible de vérifier avec votre liste de veille si elle vous touche.`,
    cveNotAffected: (id) =>
      `Aucun enregistrement ne montre que ${id} vous touche : ni votre liste de veille ni vos constats n’y correspondent.`,
    changedPeriod: (period, from, to) =>
      `${period === 'week' ? 'Sur les 7 derniers jours' : 'Sur les 30 derniers jours'} (du ${from} au ${to}) :`,
    changedCounts: (c) =>
      `${plural(c.new, '# nouveau constat', '# nouveaux constats')}, ${c.resolved.text} résolus, ${c.reopened.text} rouverts, ${plural(c.slaBreaches, '# dépassement de SLA', '# dépassements de SLA')}.`,
    changedBefore: (c) =>
      `La période précédente : ${c.new.text} nouveaux, ${c.resolved.text} résolus, ${c.reopened.text} rouverts, ${c.slaBreaches.text} dépassements de SLA.`,
    topRisksIntro: 'Les principaux risques ouverts :',
    leakedIntro: (total, clearOnly, domain) =>
      `${plural(total, '# compte', '# comptes')}${domain ? ` de ${domain}` : ''} ${total.n === 1 ? 'a' : 'ont'} fuité${clearOnly ? ' avec un mot de passe en clair' : ''}.`,
    leakedNone: (clearOnly, domain) =>
      `Aucun compte${domain ? ` de ${domain}` : ''} n’a fuité${clearOnly ? ' avec un mot de passe en clair' : ''}.`,
    shownFirst: (shown) => `Les ${shown.text} premiers :`,
    searchIntro: (total) => `${plural(total, '# résultat', '# résultats')} pour :`,
    searchNone: 'Rien trouvé pour :',
    searchNeedsTerms: 'Dites quoi chercher, par exemple : Cherche acme-retail.example',
    toolFailed: (reason) => `Je n’ai pas pu lire les données : ${reason}`,
  },
};
