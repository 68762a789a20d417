// The built-in intent engine (issue 20, ADR 0036): without a configured model, the advisor still
// answers the common questions (what to fix first, a CVE's exposure, what changed in a week or a
// month, the accounts leaked with a clear password, the rating, a search) in the six interface
// languages, from the same tools a model would call, citing their records and quoting their text.
// It recognises words, never obeys them: a record's text can change neither the question's intent
// nor the tools called. Every answer says once that no model is configured and what it can answer.
import type { Language } from '../../identity/preferences/preferences.service.js';
import { answerLines } from './advisor.intents.answers.js';
import type { IntentName } from './advisor.intents.catalogue.js';
import { catalogues } from './advisor.intents.languages.js';
import { recogniseFollowUp } from './advisor.intents.recognise.js';
import { type AdvisorEngine, type AnswerInput, type AnswerResult, ToolError } from './advisor.types.js';

export { recognise } from './advisor.intents.recognise.js';

export interface Suggestion {
  intent: IntentName;
  question: string;
}

/** The questions GET /advisor offers, in the user's language; the CVE one names `cve` when given. */
export function suggestions(language: Language, sample: { cve?: string | null } = {}): Suggestion[] {
  const { questions } = catalogues[language];
  return [
    { intent: 'fix_first', question: questions.fixFirst },
    { intent: 'cve_exposure', question: questions.cve(sample.cve ?? null) },
    { intent: 'what_changed', question: questions.whatChanged },
    { intent: 'leaked_accounts', question: questions.leaked },
    { intent: 'posture', question: questions.posture },
  ];
}

export function createIntentEngine(): AdvisorEngine {
  return {
    kind: 'intents',
    async answer(input: AnswerInput): Promise<AnswerResult> {
      const earlier = input.history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
      const recognised = recogniseFollowUp(input.question, input.language, earlier);
      const catalogue = catalogues[recognised.language ?? input.language];
      let lines: string[];
      let error: string | undefined;
      try {
        lines = await answerLines(recognised, { tools: input.tools, catalogue });
      } catch (e) {
        if (!(e instanceof ToolError)) throw e;
        error = e.message;
        lines = [catalogue.text.toolFailed(e.message)];
      }
      // What the built-in engine covers is said with its help (the screen's banner already says no
      // model is configured), not repeated under every answer (issue 33).
      const help = recognised.intent === 'help';
      const content = (help ? [...lines, '', catalogue.text.noModel] : lines).join('\n');
      input.onText(content);
      return { content, engine: 'intents', ...(error ? { error } : {}) };
    },
  };
}
