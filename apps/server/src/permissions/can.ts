import type { Audience } from './roles.ts';
import { PERMISSIONS, SESSION_ONLY, type Action, type Reach } from './table.ts';

/** Who is asking, as the permission table sees it. */
export interface Subject {
  audience: Audience;
  /** The signed-in user's id; absent for anonymous callers. */
  userId?: number;
  /** How the caller proved who they are. */
  via?: 'session' | 'token';
}

/** The resource an action touches: its owner's user id, or `null` for something nobody owns (site-wide). */
export type Owner = number | null;

/** How far the subject's grant for the action reaches; undefined: not granted (a token never reaches a session-only action). */
export function reachOf(subject: Subject, action: Action): Reach | undefined {
  if (subject.via === 'token' && SESSION_ONLY.has(action)) return undefined;
  const grants: Partial<Record<Audience, Reach>> = PERMISSIONS[action];
  return grants[subject.audience];
}

/**
 * Whether the subject may take the action on a resource with this owner. With `owner` omitted: on
 * something of its own (an `own` grant is enough).
 */
export function can(subject: Subject, action: Action, owner?: Owner): boolean {
  const reach = reachOf(subject, action);
  if (reach === 'any') return true;
  if (reach !== 'own') return false;
  return owner === undefined || (owner !== null && owner === subject.userId);
}

/** Every action the subject may take, with its reach: the table's answer for one caller (GET /login/check). */
export function grantsOf(subject: Subject): Partial<Record<Action, Reach>> {
  return Object.fromEntries(
    (Object.keys(PERMISSIONS) as Action[]).flatMap((action) => {
      const reach = reachOf(subject, action);
      return reach ? [[action, reach]] : [];
    }),
  );
}
