import * as z from 'zod/mini';

// Each error is an i18n key; forms translate it next to the field.
const email = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'auth.validation.emailRequired' }),
    z.maxLength(254, { error: 'auth.validation.emailInvalid' }),
    z.email({ error: 'auth.validation.emailInvalid' }),
  );
const password = z
  .string()
  .check(
    z.minLength(1, { error: 'auth.validation.passwordRequired' }),
    z.maxLength(256, { error: 'auth.validation.passwordTooLong' }),
  );
const newPassword = z
  .string()
  .check(
    z.minLength(1, { error: 'auth.validation.passwordRequired' }),
    z.minLength(8, { error: 'auth.validation.passwordTooShort' }),
    z.maxLength(256, { error: 'auth.validation.passwordTooLong' }),
  );

const passwordsMatch = z.refine<{ password: string; password_confirmation: string }>(
  (value) => value.password === value.password_confirmation,
  { error: 'auth.validation.passwordsDiffer', path: ['password_confirmation'] },
);

export const signInSchema = z.object({ email, password });

export const registerSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, { error: 'auth.validation.nameRequired' }), z.maxLength(120)),
    email,
    position: z.string().check(z.trim(), z.maxLength(120)),
    password: newPassword,
    password_confirmation: z.string(),
  })
  .check(passwordsMatch);

export const resetRequestSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ email, password: newPassword, password_confirmation: z.string(), token: z.string().check(z.minLength(1)) })
  .check(passwordsMatch);

export const twoFactorSchema = z.object({
  code: z.string().check(z.regex(/^\d{6}$/, { error: 'auth.validation.codeInvalid' })),
});

/** A recovery code: 10 letters or digits, the dash after the fifth optional. */
export const recoveryCodeSchema = z.object({
  code: z.string().check(z.regex(/^[0-9a-zA-Z]{5}-?[0-9a-zA-Z]{5}$/, { error: 'auth.validation.recoveryCodeInvalid' })),
});

export const termsSchema = z
  .object({ terms: z.boolean(), privacy: z.boolean() })
  .check(
    z.refine((value) => value.terms && value.privacy, { error: 'auth.validation.termsRequired', path: ['terms'] }),
  );

/** Every form of the sign-in screens, by name (see validate-form.ts). */
export const forms = {
  signIn: signInSchema,
  register: registerSchema,
  resetRequest: resetRequestSchema,
  resetPassword: resetPasswordSchema,
  twoFactor: twoFactorSchema,
  recoveryCode: recoveryCodeSchema,
  terms: termsSchema,
};

export type FormName = keyof typeof forms;
export type FormValues = { [K in FormName]: z.output<(typeof forms)[K]> };

export type FieldErrors = Record<string, string>;

/** Parses a form; on failure returns the first i18n key per field. */
export function validate<T>(
  schema: z.ZodMiniType<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
