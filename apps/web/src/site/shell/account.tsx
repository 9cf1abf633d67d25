import { signedOutState } from '@loopbox/contract/signed-out';
import { loginPath } from '@loopbox/pages';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { fetchLoginState, type LoginState } from '../../shared/login-state.ts';

/** What a failed /login/check leaves the header with: signed out, allowed nothing. */
const UNKNOWN: LoginState = signedOutState({});

export interface Account {
  /** The visitor as /login/check last said; undefined until it has answered once. */
  state: LoginState | undefined;
  /** Asks /login/check again (after signing in or out, or changing the avatar) and answers its state. */
  refresh(): Promise<LoginState>;
}

const AccountContext = createContext<Account | null>(null);

/** The visitor's signed-in state for the whole site: asked once per visit and after each change. */
export function AccountProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LoginState>();
  const refresh = useCallback(async () => {
    const next = await fetchLoginState().catch(() => UNKNOWN);
    setState(next);
    return next;
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const account = useMemo(() => ({ state, refresh }), [state, refresh]);
  return <AccountContext.Provider value={account}>{children}</AccountContext.Provider>;
}

export function useAccount(): Account {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useAccount needs an AccountProvider');
  return account;
}

/** The path and query the visitor is on, to come back to after signing in. */
export const currentPath = () => `${location.pathname}${location.search}`;

/**
 * For pages only a signed-in visitor has: their state once known, and a visitor who is not signed in
 * is sent to the login page, which brings them back here.
 */
export function useSignedIn(): (LoginState & { user: NonNullable<LoginState['user']> }) | undefined {
  const { state } = useAccount();
  const [, navigate] = useLocation();
  const signedOut = state !== undefined && !state.user;
  useEffect(() => {
    if (signedOut) navigate(loginPath(currentPath()), { replace: true });
  }, [signedOut, navigate]);
  return state?.user ? (state as LoginState & { user: NonNullable<LoginState['user']> }) : undefined;
}
