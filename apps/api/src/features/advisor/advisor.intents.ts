// PLACEHOLDER of advisor-engine, only so the engine typechecks before the intent engine lands:
// advisor-intents owns this file and replaces it whole.
import type { Language } from '../preferences/preferences.service.js';
import type { AdvisorEngine } from './advisor.types.js';

export function createIntentEngine(): AdvisorEngine {
  return {
    kind: 'intents',
    answer: async (input) => {
      const content = 'No model is configured.';
      input.onText(content);
      return { content, engine: 'intents' };
    },
  };
}

export function suggestions(_language: Language): { intent: string; question: string }[] {
  return [];
}
