// What the members' and the invitations' services share: a call's shape and a member's role.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../session/session.service.js';

export type Role = 'administrator' | 'analyst' | 'viewer';

export interface Call<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
  ip: string | null;
}
