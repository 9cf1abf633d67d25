import { ALL_TAG, gifTag } from '@loopbox/edge';
import type { Actor } from '../auth/audit.ts';
import { ApiError } from '../http/envelope.ts';
import { appendEventsReturningIds, type NewEvent } from '../store/events.ts';
import type { LinkOrigin } from '../mail/link-origin.ts';
import { recordNotices } from '../notices/record.ts';
import type { Rating } from '../store/schema.ts';
import { MODERATION_EVENTS, type Decision } from './constants.ts';
import { baseOfModeration, type ModerationDb, type ModerationState } from './schema.ts';
import { LISTED_STATES } from '../content-policy/access.ts';
import { afterDecision, decisionRefusal, LOCKED_BY, standingDecision, type Authority } from '../content-policy/precedence.ts';
import { gifStateOf, type StateColumns } from '../content-policy/states.ts';

export interface DecisionInput {
  action: Decision;
  reason: string;
  /** The new rating (`rate` only). */
  rating?: Rating | undefined;
  /** Who decided: a moderator or staff (logged, so replaying the log knows whose decision stands). */
  authority?: Authority;
}

/** The event recording a decision about a GIF, with what it was before. */
export function decisionEvent(
  gifId: string,
  input: DecisionInput,
  before: { state: ModerationState; removed: boolean; rating: Rating },
  actor: Actor,
  extra: Record<string, unknown> = {},
): NewEvent {
  return {
    type: MODERATION_EVENTS.decided,
    stream: 'gif',
    streamId: gifId,
    payload: {
      decision: input.action,
      reason: input.reason,
      ...(input.rating ? { rating: input.rating } : {}),
      ...(input.authority ? { authority: input.authority } : {}),
      before,
      ...extra,
      actor: actor.userId,
      via: actor.via,
      address: actor.address,
    },
  };
}

/** What a decision asks of the answer: the edge purge tags, and whether kept search rankings must be let go first. */
export interface DecisionOutcome {
  purge: string[];
  /**
   * Listings filter hidden and removed GIFs when they read them, so hiding and removing show at once;
   * a rating change or a GIF shown again changes rankings, which each process keeps until it rereads
   * the content version (CONTENT_VERSION_REFRESH_MS): the answer (and its purge) waits that long.
   */
  rerank: boolean;
  /** Mails queued with the decision (its owner's notice): the caller wakes the sender. */
  mailed: number;
}

const listed = (row: StateColumns) => LISTED_STATES.includes(gifStateOf(row));

/**
 * Applies a moderator's or staff's decision to a GIF inside the caller's transaction, unless the
 * content policy's precedence refuses it (403 or 409, content-policy/precedence.ts): its state,
 * removal or rating change (the rating then locked against its creator), its open reports closed,
 * and the decision logged. Every door reads these columns, so the decision shows everywhere at once.
 */
export async function applyDecision(
  trx: ModerationDb,
  gifId: string,
  input: DecisionInput,
  actor: Actor,
  authority: Authority,
  linkOrigin: LinkOrigin,
): Promise<DecisionOutcome> {
  const row = await trx
    .selectFrom('gifs')
    .select(['visibility', 'moderation_state', 'removal', 'is_removed', 'rating', 'decided_by', 'media_deleted_at', 'locked_fields'])
    .where('id', '=', gifId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError(404, `GIF ${gifId} not found`);
  const refused = decisionRefusal(row, authority, input.action);
  if (refused) throw new ApiError(refused.status, refused.message);
  const locks = LOCKED_BY[input.action];
  const after = afterDecision(row, input.action);
  await trx
    .updateTable('gifs')
    .set({
      moderation_state: after.moderation_state,
      removal: after.removal,
      decided_by: standingDecision(row.decided_by, authority),
      ...(locks && !row.locked_fields.includes(locks) ? { locked_fields: [...row.locked_fields, locks] } : {}),
      ...(input.action === 'rate' && input.rating ? { rating: input.rating } : {}),
      update_datetime: new Date(),
    })
    .where('id', '=', gifId)
    .execute();
  await trx
    .updateTable('gif_reports')
    .set({ resolved_at: new Date(), resolution: input.action })
    .where('gif_id', '=', gifId)
    .where('resolved_at', 'is', null)
    .execute();
  const logged = await appendEventsReturningIds(baseOfModeration(trx), [
    decisionEvent(gifId, { ...input, authority }, { state: row.moderation_state, removed: row.is_removed, rating: row.rating }, actor),
  ]);
  // The owner's notice (and its mail) commits with the decision or not at all.
  const mailed = await recordNotices(baseOfModeration(trx), logged, linkOrigin);
  // A GIF shown again belongs in cached answers that never named it: those are dropped too.
  const reappears = !listed(row) && listed(after);
  const rerated = input.action === 'rate' && input.rating !== row.rating;
  return { purge: reappears ? [ALL_TAG] : [gifTag(gifId)], rerank: reappears || rerated, mailed };
}
