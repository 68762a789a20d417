// The intent engine in Spanish: phrases, suggested questions, answers.
import { holds, type IntentCatalogue, plural } from './advisor.intents.catalogue.js';

export const es: IntentCatalogue = {
  language: 'es',
  phrases: {
    markers: [
      'qué',
      'cuáles',
      'estamos',
      'nuestra',
      'nuestras',
      'nuestros',
      'nuestro',
      'el',
      'los',
      'las',
      'debemos',
      'esta',
      'con',
      'y',
    ],
    fixFirst: [
      'mayores riesgos',
      'principales riesgos',
      'riesgos más importantes',
      'atención',
      'primero',
      'corregir*',
      'arreglar*',
      'solucionar*',
      'remediar*',
      'priori*',
      'más urgente',
      'urgente*',
      'por dónde empezar',
      'por dónde empiezo',
    ],
    cve: ['afectados', 'afectado', 'afecta*', 'vulnerables', 'vulnerable', 'cve*', 'vulnerabilidad*'],
    whatChanged: [
      'nuevo',
      'nuevos',
      'nuevas',
      'qué cambió',
      'qué ha cambiado',
      'cambi*',
      'novedad*',
      'qué hay de nuevo',
      'qué pasó',
      'ocurrió',
    ],
    leaked: [
      'cuentas',
      'filtrad*',
      'filtraci*',
      'filtrar*',
      'filtraron',
      'se filtró',
      'fuga*',
      'contraseña*',
      'credencial*',
      'comprometid*',
      'robad*',
    ],
    clearPassword: ['texto claro', 'en claro', 'texto plano', 'sin cifrar', 'legible*'],
    posture: [
      'cómo estamos',
      'resumen',
      'panorama',
      'situación',
      'estado',
      'calificación',
      'puntuación',
      'nota',
      'postura',
      'rating',
      'nivel de riesgo',
      'qué tan seguros',
      'cómo de seguros',
    ],
    search: ['busca por', 'buscar por', 'busca', 'buscar', 'encuentra', 'encontrar', 'muéstrame', 'dónde está'],
    help: ['ayuda', 'qué puedes', 'qué sabes', 'qué preguntas'],
    week: ['semana*', 'últimos 7 días', '7 días', 'siete días'],
    month: ['mes', 'meses', 'últimos 30 días', '30 días', 'treinta días'],
  },
  questions: {
    fixFirst: '¿Qué debemos corregir primero?',
    cve: (id) => (id ? `¿Estamos afectados por ${id}?` : '¿Qué CVE nos afectan?'),
    whatChanged: '¿Qué cambió esta semana?',
    leaked: '¿Qué cuentas nuestras se filtraron con la contraseña en texto claro?',
    posture: '¿Cuál es nuestra calificación?',
    search: (terms) => `Busca ${terms}`,
  },
  text: {
    noModel:
      'No hay ningún modelo configurado; las respuestas integradas cubren: qué corregir primero, si le afecta una CVE, qué cambió esta semana o este mes, qué cuentas se filtraron con la contraseña en texto claro, su calificación y una búsqueda («Busca …»).',
    unrecognised: 'No he reconocido esta pregunta.',
    helpIntro: 'Puede preguntar, por ejemplo:',
    severity: { critical: 'crítica', high: 'alta', medium: 'media', low: 'baja', info: 'info' },
    rating: (grade, score) => `Su calificación es ${grade} (${score} de 100).`,
    noRating: 'Su calificación aún no tiene datos.',
    openFindings: (total, critical, high) =>
      `${plural(total, '# hallazgo abierto', '# hallazgos abiertos')}: ${critical.text} críticos, ${high.text} altos.`,
    fixFirstIntro: 'Empiece por estos; resolverlos es lo que más mejora su calificación:',
    fixGain: (points, alike) => `+${points} puntos${alike.n > 1 ? `, ${alike.text} de este tipo` : ''}`,
    nothingToFix: 'Ningún hallazgo abierto espera una corrección.',
    cveListIntro: 'Sus hallazgos abiertos que citan una CVE, los más graves primero:',
    cveListNone: 'Ninguno de sus hallazgos abiertos cita una CVE.',
    cveAskOne: (question) => `Para comprobar una CVE, pregunte: ${question}`,
    cveFacts: ({ cvss, severity, kev, epss }) =>
      `${[
        cvss ? `CVSS ${cvss}${severity ? ` (${severity})` : ''}` : 'sin puntuación CVSS',
        kev ? 'explotada activamente (CISA KEV)' : 'no está en el catálogo CISA KEV',
        epss ? `EPSS ${epss}` : 'sin puntuación EPSS',
      ].join('; ')}.`,
    cveAffected: (id, findings, watched) =>
      `Sí: ${id} ${[
        findings.n > 0
          ? plural(findings, 'coincide con # de sus hallazgos abiertos', 'coincide con # de sus hallazgos abiertos')
          : '',
        watched ? 'coincide con su lista de vigilancia de CVE' : '',
      ]
        .filter(Boolean)
        .join(' y ')}.`,
    cveCatalogue: ({ severity, published }) =>
      `En el catálogo de CVE${severity ? `, gravedad ${severity}` : ''}${published ? `, publicada el ${published}` : ''}.`,
    cveUnknown: (id, { sync, upload, nvdUpTo, kev }) =>
      `${id} no está en el catálogo (${sync ? `última sincronización con NVD ${sync}` : upload ? `nunca sincronizado con NVD;${holds(nvdUpTo, kev, { intro: 'contiene', nvd: 'registros de NVD publicados hasta', kev: 'la versión de KEV', and: 'y' })} última carga del catálogo ${upload}` : 'el catálogo nunca se ha sincronizado'}): no se puede comprobar con su lista de vigilancia si le afecta.`,
    cveNotAffected: (id) =>
      `Ningún registro indica que le afecte ${id}: no coincide con su lista de vigilancia ni con sus hallazgos.`,
    changedPeriod: (period, from, to) =>
      `${period === 'week' ? 'En los últimos 7 días' : 'En los últimos 30 días'} (del ${from} al ${to}):`,
    changedCounts: (c) =>
      `${plural(c.new, '# hallazgo nuevo', '# hallazgos nuevos')}, ${c.resolved.text} resueltos, ${c.reopened.text} reabiertos, ${plural(c.slaBreaches, '# incumplimiento de SLA', '# incumplimientos de SLA')}.`,
    changedBefore: (c) =>
      `El periodo anterior: ${c.new.text} nuevos, ${c.resolved.text} resueltos, ${c.reopened.text} reabiertos, ${c.slaBreaches.text} incumplimientos de SLA.`,
    topRisksIntro: 'Los principales riesgos abiertos:',
    leakedIntro: (total, clearOnly, domain) =>
      `${plural(total, '# cuenta', '# cuentas')}${domain ? ` de ${domain}` : ''} ${total.n === 1 ? 'se filtró' : 'se filtraron'}${clearOnly ? ' con la contraseña en texto claro' : ''}.`,
    leakedNone: (clearOnly, domain) =>
      `Ninguna cuenta${domain ? ` de ${domain}` : ''} se filtró${clearOnly ? ' con la contraseña en texto claro' : ''}.`,
    shownFirst: (shown) => `Los ${shown.text} primeros:`,
    searchIntro: (total) => `${plural(total, '# resultado', '# resultados')} para:`,
    searchNone: 'No se encontró nada para:',
    searchNeedsTerms: 'Diga qué buscar, por ejemplo: Busca acme-retail.example',
    toolFailed: (reason) => `No pude leer los datos: ${reason}`,
  },
};
