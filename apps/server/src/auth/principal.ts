import type { Subject } from '../permissions/can.ts';
import type { Role } from '../permissions/roles.ts';

export interface AnonymousPrincipal {
  kind: 'anonymous';
}

export interface UserPrincipal {
  kind: 'user';
  userId: number;
  username: string;
  /** The role the request acts with: the user's, or less when a token is scoped lower. */
  role: Role;
  /** A cookie session (its public id and CSRF token) or a personal access token (its id). */
  via: 'session' | 'token';
  sessionId?: string;
  csrfToken?: string;
  tokenId?: string;
}

/** Who a request comes from: nobody in particular, or a signed-in user. */
export type Principal = AnonymousPrincipal | UserPrincipal;

export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous' });

/** The principal as the permission table sees it. */
export function subjectOf(principal: Principal): Subject {
  if (principal.kind === 'anonymous') return { audience: 'anonymous' };
  return { audience: principal.role, userId: principal.userId, via: principal.via };
}
