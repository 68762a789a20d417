// The intent engine's catalogues, one per interface language.
import type { Language } from '../../identity/preferences/preferences.service.js';
import type { IntentCatalogue } from './advisor.intents.catalogue.js';
import { de } from './advisor.intents.de.js';
import { en } from './advisor.intents.en.js';
import { es } from './advisor.intents.es.js';
import { fr } from './advisor.intents.fr.js';
import { pt, ptBr } from './advisor.intents.pt.js';

export const catalogues: Record<Language, IntentCatalogue> = { de, en, es, fr, 'pt-br': ptBr, pt };
