import type { LoginState, Reach } from '@loopbox/contract/sessions';
import { callBackend } from './backend.ts';

/**
 * GET /login/check (SPEC 3's logged-in user state), with the permission table's answer for this
 * visitor: the actions they may take and how far. Pages show links and choose defaults from
 * `permissions`, never from the role name. Its type is the contract's.
 */
export type { LoginState, Reach, SignedInUser } from '@loopbox/contract/sessions';

export const LOGIN_CHECK_PATH = '/login/check';

export function fetchLoginState(signal?: AbortSignal): Promise<LoginState> {
  return callBackend<LoginState>('GET', LOGIN_CHECK_PATH, signal ? { signal } : {});
}

/** The reach of an action for this visitor, or undefined when they may not take it. */
export const reachOf = (state: LoginState | undefined, action: string): Reach | undefined => state?.permissions[action];
