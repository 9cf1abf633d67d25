import { sessionPingbackId, type IGif, type IUser } from '@loopbox/sdk';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createDefaultPingbackSink } from './default-sink.ts';
import { createPingbackEvent } from './event.ts';
import type { LayoutType, PingbackAction, PingbackSink } from './types.ts';

/** What every GIF inside a widget reports through: the sink, the pingback user id and the layout type. */
export interface PingbackScope {
  sink: PingbackSink | null;
  userId: string;
  layoutType: LayoutType;
  user?: Partial<IUser> | undefined;
}

const PingbackContext = createContext<PingbackScope | null>(null);

/** A default sink owned by the calling component: created on mount, closed (flushed) on unmount. */
function useOwnedSink(wanted: boolean): PingbackSink | null {
  const [sink, setSink] = useState<PingbackSink | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    const created = createDefaultPingbackSink();
    setSink(created);
    return () => created?.close?.();
  }, [wanted]);
  return wanted ? sink : null;
}

export interface PingbackScopeOptions {
  /** A sink to use; null turns reporting off; undefined inherits the enclosing one or makes a default. */
  pingback?: PingbackSink | null | undefined;
  layoutType: LayoutType;
  /** The logged-in user (`logged_in_user_id`); default: the enclosing scope's. */
  user?: Partial<IUser> | undefined;
}

/**
 * The pingback scope of a widget: its own sink if given one, else the enclosing widget's or
 * PingbackProvider's, else a default sink to the page's collector that it owns.
 */
export function usePingbackScope({ pingback, layoutType, user }: PingbackScopeOptions): PingbackScope {
  const parent = useContext(PingbackContext);
  const owned = useOwnedSink(pingback === undefined && parent === null);
  const [userId] = useState(() => parent?.userId ?? sessionPingbackId());
  const sink = pingback !== undefined ? pingback : (parent?.sink ?? owned);
  const scopeUser = user ?? parent?.user;
  return useMemo(() => ({ sink, userId, layoutType, user: scopeUser }), [sink, userId, layoutType, scopeUser]);
}

/** The enclosing scope, if any: a Gif inside a Grid reports with the Grid's layout type. */
export function useParentPingbackScope(): PingbackScope | null {
  return useContext(PingbackContext);
}

export function PingbackScopeProvider({ scope, children }: { scope: PingbackScope; children: ReactNode }) {
  return <PingbackContext.Provider value={scope}>{children}</PingbackContext.Provider>;
}

export interface PingbackProviderProps {
  /** One sink shared by every widget inside. */
  sink: PingbackSink | null;
  /** Default: the session's pingback id. */
  userId?: string;
  user?: Partial<IUser>;
  children: ReactNode;
}

/** For React apps: every widget inside reports through one sink. */
export function PingbackProvider({ sink, userId, user, children }: PingbackProviderProps) {
  const [sessionId] = useState(() => userId ?? sessionPingbackId());
  const scope = useMemo(() => ({ sink, userId: userId ?? sessionId, layoutType: 'GIF' as const, user }), [sink, userId, sessionId, user]);
  return <PingbackContext.Provider value={scope}>{children}</PingbackContext.Provider>;
}

/** A function reporting an action on a GIF through the scope, measuring the element now. */
export function useReporter(scope: PingbackScope) {
  return useCallback(
    (gif: Pick<IGif, 'analytics_response_payload'>, action: PingbackAction, element: Element | null) => {
      if (!scope.sink) return;
      const event = createPingbackEvent({
        gif,
        action,
        userId: scope.userId,
        user: scope.user,
        layoutType: scope.layoutType,
        element,
      });
      if (event) scope.sink.send(event);
    },
    [scope],
  );
}
