import type { ZodMiniType } from 'zod/mini';
import type { FieldErrors, FormName, FormValues } from './schemas';

export type { FieldErrors };
export type Validation<N extends FormName> = { ok: true; data: FormValues[N] } | { ok: false; errors: FieldErrors };

const loadSchemas = () => import('./schemas');

/**
 * Validates a form with its zod schema before anything is sent. zod loads with the first
 * validation (or when a field is first focused), so the sign-in page's first load stays small.
 */
export async function validateForm<N extends FormName>(name: N, values: unknown): Promise<Validation<N>> {
  const { forms, validate } = await loadSchemas();
  const schema: ZodMiniType<unknown> = forms[name];
  return validate(schema, values) as Validation<N>;
}

/** Starts loading the schemas early (on a form's first focus). */
export function preloadValidation(): void {
  void loadSchemas();
}
