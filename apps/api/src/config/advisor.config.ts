// The advisor's settings (issue 20, ADR 0036), from the environment env.ts parsed: a model answers
// only when both its endpoint and its name are set (otherwise the built-in intent engine does), and
// every question has limits on tool calls, completion tokens and time.

export interface AdvisorConfig {
  /** An OpenAI-compatible endpoint (`{baseUrl}/chat/completions`) and model, or undefined. */
  model: { baseUrl: string; name: string; apiKey: string | undefined } | undefined;
  limits: { toolCalls: number; tokens: number; seconds: number };
  /** USD per million prompt and completion tokens, when known: each question's cost is logged. */
  prices: { input: number; output: number } | undefined;
}

export interface AdvisorEnv {
  ADVISOR_BASE_URL?: string | undefined;
  ADVISOR_MODEL?: string | undefined;
  ADVISOR_API_KEY?: string | undefined;
  ADVISOR_MAX_TOOL_CALLS: number;
  ADVISOR_MAX_TOKENS: number;
  ADVISOR_TIMEOUT_S: number;
  ADVISOR_PRICE_IN?: number | undefined;
  ADVISOR_PRICE_OUT?: number | undefined;
}

export function advisorConfigOf(env: AdvisorEnv): AdvisorConfig {
  const { ADVISOR_BASE_URL: baseUrl, ADVISOR_MODEL: name } = env;
  return {
    model: baseUrl && name ? { baseUrl: baseUrl.replace(/\/+$/, ''), name, apiKey: env.ADVISOR_API_KEY } : undefined,
    limits: { toolCalls: env.ADVISOR_MAX_TOOL_CALLS, tokens: env.ADVISOR_MAX_TOKENS, seconds: env.ADVISOR_TIMEOUT_S },
    prices:
      env.ADVISOR_PRICE_IN !== undefined && env.ADVISOR_PRICE_OUT !== undefined
        ? { input: env.ADVISOR_PRICE_IN, output: env.ADVISOR_PRICE_OUT }
        : undefined,
  };
}
