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

export function reachOf(subject: Subject, action: Action): Reach | undefined {
  if (subject.via === 'token' && SESSION_ONLY.has(action)) return undefined;
  const grants: Partial<Record<Audience, Reach>> = PERMISSIONS[action];
  return grants[subject.audience];
}

/** Whether the subject may take the action on a resource with this owner (any resource when `owner` is omitted). */
export function can(subject: Subject, action: Action, owner?: Owner): boolean {
  const reach = reachOf(subject, action);
  if (reach === 'any') return true;
  if (reach !== 'own') return false;
  return owner === undefined || (owner !== null && owner === subject.userId);
}

/** Whether the subject may take the action on resources it does not own. */
export function canReachAny(subject: Subject, action: Action): boolean {
  return reachOf(subject, action) === 'any';
}
