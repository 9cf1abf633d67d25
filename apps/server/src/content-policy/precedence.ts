import type { Decision } from '@loopbox/pages';
import type { ModerationState, Removal, StateColumns } from './states.ts';
import type { ViewerContext } from './access.ts';

/** Who may decide about GIFs: staff outrank moderators, who outrank the creator. */
export type Authority = 'moderator' | 'staff';

/** Decisions that show a GIF again or change what a decision set; a moderator cannot make them over staff's. */
const UNDOING: ReadonlySet<Decision> = new Set<Decision>(['approve', 'rate', 'restore']);

/** What a decision is weighed against: who took the GIF away, whose decision stands, whether its files are gone. */
export interface DecisionGround {
  removal: Removal | null;
  decided_by: Authority | null;
  media_deleted_at: Date | null;
}

/**
 * Why this decision may not be made about this GIF ({ status, message }), or undefined when it may.
 * A takedown is staff's alone to change; a moderator may add to a staff decision (hide, remove) but
 * not undo it; a GIF its owner deleted is theirs to have deleted; files deleted after the retention
 * period cannot come back.
 */
export function decisionRefusal(
  gif: DecisionGround,
  authority: Authority,
  action: Decision,
): { status: 403 | 409; message: string } | undefined {
  if (gif.removal === 'owner') return { status: 409, message: 'Its owner deleted this GIF; moderation cannot change it' };
  if (action === 'restore' && gif.media_deleted_at)
    return { status: 409, message: "This GIF's files were deleted after the retention period; it cannot be restored" };
  if (authority === 'staff') return undefined;
  if (gif.removal === 'takedown') return { status: 403, message: 'Staff took this GIF down; only staff can change it' };
  if (gif.decided_by === 'staff' && UNDOING.has(action))
    return { status: 403, message: `Staff decided about this GIF; a moderator cannot ${action} it over a staff decision` };
  return undefined;
}

/** What each decision sets on a GIF's state columns. */
const EFFECTS: Record<Decision, { moderation_state?: ModerationState; removal?: 'moderation' | null }> = {
  approve: { moderation_state: 'approved' },
  rate: { moderation_state: 'approved' },
  hide: { moderation_state: 'hidden' },
  remove: { removal: 'moderation' },
  restore: { moderation_state: 'approved', removal: null },
};

/**
 * A GIF's state columns after a decision (a takedown's is a `remove` by staff, `takedown` set). A
 * taken-down GIF stays taken down when it is also removed: a legal state is not weakened.
 */
export function afterDecision(state: StateColumns, action: Decision, takedown = false): StateColumns {
  const effect = EFFECTS[action];
  const removal = takedown
    ? 'takedown'
    : effect.removal === undefined || (effect.removal && state.removal === 'takedown')
      ? state.removal
      : effect.removal;
  return { visibility: state.visibility, moderation_state: effect.moderation_state ?? state.moderation_state, removal };
}

/** Whose decision stands after this one: staff's stands until staff decide again. */
export const standingDecision = (before: Authority | null, authority: Authority): Authority =>
  before === 'staff' || authority === 'staff' ? 'staff' : 'moderator';

/** The decision-maker's authority, from their standing in the content policy; undefined for anyone else. */
export const authorityOf = (viewer: ViewerContext): Authority | undefined =>
  viewer.standing === 'anonymous' ? undefined : viewer.standing;

/** Fields a decision sets, which the creator then cannot change (a moderator's rating). */
export const LOCKED_BY: Partial<Record<Decision, string>> = { rate: 'rating' };

/** Why an edit by someone without authority may not change these fields ({ field, message }), or undefined. */
export function lockedField(locked: readonly string[], changed: readonly string[]): { field: string; message: string } | undefined {
  const field = changed.find((f) => locked.includes(f));
  return field ? { field, message: `${field} was set by the moderators and is locked; report the GIF if it is wrong` } : undefined;
}
