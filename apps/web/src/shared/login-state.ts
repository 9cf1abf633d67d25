import { callBackend } from './backend.ts';

/** How far a permission reaches for the visitor: anything, or only their own. */
export type Reach = 'any' | 'own';

/** The header's picture of the signed-in user. */
export interface SignedInUser {
  id: string;
  username: string;
  display_name: string;
  avatar_url: string;
  profile_url: string;
}

/**
 * GET /login/check (SPEC 3's logged-in user state, apps/server/src/sessions/check.ts), with the
 * permission table's answer for this visitor: the actions they may take and how far. Pages show
 * links and choose defaults from `permissions`, never from the role name.
 */
export interface LoginState {
  loggedInStatus: boolean;
  userType: string;
  verifiedStatus: boolean;
  userID: number | null;
  loginMethod: 'password' | 'token' | null;
  emailVerified?: boolean;
  csrfToken: string | null;
  user: SignedInUser | null;
  permissions: Partial<Record<string, Reach>>;
}

export const LOGIN_CHECK_PATH = '/login/check';

export function fetchLoginState(signal?: AbortSignal): Promise<LoginState> {
  return callBackend<LoginState>('GET', LOGIN_CHECK_PATH, signal ? { signal } : {});
}

/** The reach of an action for this visitor, or undefined when they may not take it. */
export const reachOf = (state: LoginState | undefined, action: string): Reach | undefined => state?.permissions[action];
