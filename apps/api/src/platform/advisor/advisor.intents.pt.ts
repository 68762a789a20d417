// The intent engine in Portuguese, Brazil's (pt-br) and Portugal's (pt): one catalogue, the words
// that differ (senha / palavra-passe, você / tu, usuário / utilizador) given per variant. A question
// in Portuguese that says neither way is answered in the user's own variant (a tie goes to it).
import {
  type AnswerText,
  holds,
  type IntentCatalogue,
  type PhraseCatalogue,
  plural,
} from './advisor.intents.catalogue.js';

const phrases: Omit<PhraseCatalogue, 'markers'> = {
  fixFirst: [
    'maiores riscos',
    'principais riscos',
    'atenção',
    'primeiro',
    'corrigir*',
    'resolver*',
    'tratar*',
    'priori*',
    'mais urgente',
    'urgente*',
    'por onde começar',
    'por onde começo',
  ],
  cve: ['afetados', 'afetado', 'afeta*', 'vulnerá*', 'cve*', 'vulnerabilidade*'],
  whatChanged: [
    'novo',
    'novos',
    'novas',
    'o que mudou',
    'mudou',
    'mudança*',
    'alterou',
    'alteraç*',
    'novidade*',
    'o que há de novo',
    'aconteceu',
  ],
  leaked: [
    'contas',
    'vazad*',
    'vazament*',
    'vazaram',
    'fuga*',
    'senha*',
    'palavra passe',
    'palavras passe',
    'credencia*',
    'comprometid*',
  ],
  clearPassword: [
    'texto claro',
    'em claro',
    'texto simples',
    'texto puro',
    'sem criptografia',
    'sem cifra*',
    'legíve*',
  ],
  posture: [
    'como estamos',
    'resumo',
    'visão geral',
    'panorama',
    'situação',
    'classificação',
    'nota',
    'pontuação',
    'postura',
    'rating',
    'nível de risco',
    'nível de segurança',
    'quão seguros',
  ],
  search: [
    'procura por',
    'procurar por',
    'busca por',
    'procura',
    'procurar',
    'pesquisa',
    'pesquisar',
    'busca',
    'buscar',
    'encontra',
    'encontrar',
    'mostre',
    'mostra',
  ],
  help: ['ajuda', 'o que você pode', 'o que podes', 'que perguntas'],
  week: ['semana*', 'últimos 7 dias', '7 dias', 'sete dias'],
  month: ['mês', 'meses', 'últimos 30 dias', '30 dias', 'trinta dias'],
};
const markers = [
  'o',
  'que',
  'quais',
  'estamos',
  'nossa',
  'nossas',
  'nossos',
  'nosso',
  'os',
  'as',
  'devemos',
  'esta',
  'com',
  'da',
  'do',
  'e',
];

/** What differs: the word for a password and how the user is addressed. */
interface Variant {
  password: string;
  affectsYou: string;
  /** registros / registos */
  records: string;
  ask: string;
}

function text(v: Variant): AnswerText {
  return {
    noModel: `Nenhum modelo está configurado; as respostas integradas cobrem: o que corrigir primeiro, se uma CVE ${v.affectsYou}, o que mudou esta semana ou este mês, que contas vazaram com a ${v.password} em texto claro, a sua classificação e uma pesquisa («Procura …»).`,
    unrecognised: 'Não reconheci esta pergunta.',
    helpIntro: `${v.ask}, por exemplo:`,
    severity: { critical: 'crítica', high: 'alta', medium: 'média', low: 'baixa', info: 'info' },
    rating: (grade, score) => `A sua classificação é ${grade} (${score} de 100).`,
    noRating: 'A sua classificação ainda não tem dados.',
    openFindings: (total, critical, high) =>
      `${plural(total, '# achado aberto', '# achados abertos')}: ${critical.text} críticos, ${high.text} altos.`,
    fixFirstIntro: 'Comece por estes; resolvê-los é o que mais melhora a sua classificação:',
    fixGain: (points, alike) => `+${points} pontos${alike.n > 1 ? `, ${alike.text} deste tipo` : ''}`,
    nothingToFix: 'Nenhum achado aberto espera correção.',
    cveListIntro: 'Os seus achados abertos que citam uma CVE, os mais graves primeiro:',
    cveListNone: 'Nenhum dos seus achados abertos cita uma CVE.',
    cveAskOne: (question) => `Para verificar uma CVE, pergunte: ${question}`,
    cveFacts: ({ cvss, severity, kev, epss }) =>
      `${[
        cvss ? `CVSS ${cvss}${severity ? ` (${severity})` : ''}` : 'sem pontuação CVSS',
        kev ? 'explorada ativamente (CISA KEV)' : 'fora do catálogo CISA KEV',
        epss ? `EPSS ${epss}` : 'sem pontuação EPSS',
      ].join('; ')}.`,
    cveAffected: (id, findings, watched) =>
      `Sim: ${id} ${[
        findings.n > 0
          ? plural(findings, 'corresponde a # dos seus achados abertos', 'corresponde a # dos seus achados abertos')
          : '',
        watched ? 'corresponde à sua lista de vigilância de CVE' : '',
      ]
        .filter(Boolean)
        .join(' e ')}.`,
    cveCatalogue: ({ severity, published }) =>
      `No catálogo de CVE${severity ? `, gravidade ${severity}` : ''}${published ? `, publicada em ${published}` : ''}.`,
    cveUnknown: (id, { sync, upload, nvdUpTo, kev }) =>
      `${id} não está no catálogo (${sync ? `última sincronização com o NVD ${sync}` : upload ? `nunca sincronizado com o NVD;${holds(nvdUpTo, kev, { intro: 'contém', nvd: `${v.records} do NVD publicados até`, kev: 'a versão do KEV', and: 'e' })} último carregamento do catálogo ${upload}` : 'o catálogo nunca foi sincronizado'}): não é possível verificar com a sua lista se ${id} ${v.affectsYou}.`,
    cveNotAffected: (id) =>
      `Nenhum registo indica que ${id} ${v.affectsYou}: não corresponde à sua lista de vigilância nem aos seus achados.`,
    changedPeriod: (period, from, to) =>
      `${period === 'week' ? 'Nos últimos 7 dias' : 'Nos últimos 30 dias'} (de ${from} a ${to}):`,
    changedCounts: (c) =>
      `${plural(c.new, '# achado novo', '# achados novos')}, ${c.resolved.text} resolvidos, ${c.reopened.text} reabertos, ${plural(c.slaBreaches, '# violação de SLA', '# violações de SLA')}.`,
    changedBefore: (c) =>
      `O período anterior: ${c.new.text} novos, ${c.resolved.text} resolvidos, ${c.reopened.text} reabertos, ${c.slaBreaches.text} violações de SLA.`,
    topRisksIntro: 'Os principais riscos abertos:',
    leakedIntro: (total, clearOnly, domain) =>
      `${plural(total, '# conta', '# contas')}${domain ? ` de ${domain}` : ''} ${total.n === 1 ? 'vazou' : 'vazaram'}${clearOnly ? ` com a ${v.password} em texto claro` : ''}.`,
    leakedNone: (clearOnly, domain) =>
      `Nenhuma conta${domain ? ` de ${domain}` : ''} vazou${clearOnly ? ` com a ${v.password} em texto claro` : ''}.`,
    shownFirst: (shown) => `Os ${shown.text} primeiros:`,
    searchIntro: (total) => `${plural(total, '# resultado', '# resultados')} para:`,
    searchNone: 'Nada encontrado para:',
    searchNeedsTerms: 'Diga o que procurar, por exemplo: Procura acme-retail.example',
    toolFailed: (reason) => `Não consegui ler os dados: ${reason}`,
  };
}

export const ptBr: IntentCatalogue = {
  language: 'pt-br',
  phrases: { ...phrases, markers: [...markers, 'você', 'vocês', 'usuário', 'equipe', 'registro', 'tela', 'senha'] },
  questions: {
    fixFirst: 'O que devemos corrigir primeiro?',
    cve: (id) => (id ? `Estamos afetados pela ${id}?` : 'Quais CVEs nos afetam?'),
    whatChanged: 'O que mudou esta semana?',
    leaked: 'Quais das nossas contas vazaram com a senha em texto claro?',
    posture: 'Qual é a nossa classificação?',
    search: (terms) => `Procura ${terms}`,
  },
  text: {
    ...text({ password: 'senha', affectsYou: 'afeta você', records: 'registros', ask: 'Você pode perguntar' }),
    rating: (grade, score) => `Sua classificação é ${grade} (${score} de 100).`,
    noRating: 'Sua classificação ainda não tem dados.',
    cveNotAffected: (id) =>
      `Nenhum registro indica que ${id} afeta você: não corresponde à sua lista de monitoramento nem aos seus achados.`,
  },
};

export const pt: IntentCatalogue = {
  language: 'pt',
  phrases: {
    ...phrases,
    markers: [...markers, 'tu', 'podes', 'passe', 'utilizador', 'equipa', 'registo', 'ecrã'],
  },
  questions: {
    fixFirst: 'O que devemos corrigir primeiro?',
    cve: (id) => (id ? `Estamos afetados pela ${id}?` : 'Que CVE nos afetam?'),
    whatChanged: 'O que mudou esta semana?',
    leaked: 'Que contas nossas vazaram com a palavra-passe em texto claro?',
    posture: 'Qual é a nossa classificação?',
    search: (terms) => `Procura ${terms}`,
  },
  text: text({ password: 'palavra-passe', affectsYou: 'o afeta', records: 'registos', ask: 'Pode perguntar' }),
};
