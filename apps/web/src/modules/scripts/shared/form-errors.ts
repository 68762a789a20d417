import { ApiError } from '@vigil/api-client';

/**
 * A failed save as a form shows it: the 422 messages of `fields` under their field, every other
 * message (nested fields such as `steps/2/selector`, or a refusal without fields) in the one error line.
 */
export function formErrors(error: unknown, fields: readonly string[], fallback: string) {
  if (!error) return { field: () => undefined, general: null };
  if (!(error instanceof ApiError)) return { field: () => undefined, general: fallback };
  const validation = error.validation ?? {};
  const field = (name: string): string | undefined => validation[name]?.join(' ') || undefined;
  const rest = Object.entries(validation)
    .filter(([name]) => !fields.includes(name))
    .flatMap(([, messages]) => messages);
  const general =
    rest.length > 0 ? rest.join(' ') : Object.keys(validation).length > 0 ? null : error.serverMessage || fallback;
  return { field, general };
}
