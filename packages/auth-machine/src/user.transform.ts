/** The user as the client keeps it (spec §3). `idcliente` is the selected company. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  position: string | null;
  idcliente: number | null;
  active: boolean | null;
  picture: string | null;
  language: string | null;
  /** light, dark or system: the theme saved on the account (null when the server does not say). */
  theme: string | null;
  /** A platform operator (above companies); false when the server does not say. */
  operator: boolean;
}

export const TRANSFORM_USER_FAILED = 'Failed to transform user data.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optional<T>(value: unknown, guard: (v: unknown) => v is T): T | null {
  return guard(value) ? value : null;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/**
 * Turns the server's user (or a stored one) into an {@link AuthUser}: idcliente from `idCliente`
 * or `idcliente`, else null; active, picture and language else null. Throws
 * 'Failed to transform user data.' for an empty or malformed user.
 *
 * @example
 * transformUser({ id: 1, name: 'Ana', email: 'ana@acme.test', idCliente: 4 }).idcliente; // 4
 */
export function transformUser(raw: unknown): AuthUser {
  if (!isRecord(raw) || Object.keys(raw).length === 0) throw new Error(TRANSFORM_USER_FAILED);
  const { id, name, email } = raw;
  if (!isNumber(id) || !isString(name) || !isString(email)) throw new Error(TRANSFORM_USER_FAILED);
  return {
    id,
    name,
    email,
    position: optional(raw.position, isString),
    idcliente: optional(raw.idCliente, isNumber) ?? optional(raw.idcliente, isNumber),
    active: optional(raw.active, isBoolean),
    picture: optional(raw.picture, isString),
    language: optional(raw.language, isString),
    theme: optional(raw.theme, isString),
    operator: raw.operator === true,
  };
}
