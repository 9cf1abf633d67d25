import type { LoginState } from './sessions.ts';

/** SPEC 3's logged-in user state of a caller not signed in. */
export type SignedOutState = Extract<LoginState, { loggedInStatus: false }>;

/**
 * The state of a caller not signed in, allowed `permissions`: the server answers it with the
 * anonymous grants, the site assumes it (allowed nothing) until /login/check has answered. Kept
 * apart from the schemas so the site takes it without zod.
 */
export const signedOutState = (permissions: SignedOutState['permissions']): SignedOutState => ({
  loggedInStatus: false,
  userType: 'anonymous',
  verifiedStatus: false,
  userID: null,
  loginMethod: null,
  emailVerified: false,
  csrfToken: null,
  user: null,
  permissions,
});
