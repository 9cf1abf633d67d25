import { ALL_TAG, gifTag } from '@loopbox/edge';
import type { Actor } from '../auth/audit.ts';
import { ApiError } from '../public-api/envelope.ts';
import { appendEvents, type NewEvent } from '../store/events.ts';
import type { Rating } from '../store/schema.ts';
import { MODERATION_EVENTS, type Decision } from './constants.ts';
import { baseOfModeration, type ModerationDb, type ModerationState } from './schema.ts';

export interface DecisionInput {
  action: Decision;
  reason: string;
  /** The new rating (`rate` only). */
  rating?: Rating | undefined;
}

/** What each decision sets on the GIF (every decision also closes its open reports, naming itself as their resolution). */
const EFFECTS: Record<Decision, { state?: ModerationState; removed?: boolean }> = {
  approve: { state: 'approved' },
  rate: { state: 'approved' },
  hide: { state: 'hidden' },
  remove: { removed: true },
  restore: { state: 'approved', removed: false },
};

/** The event recording a decision about a GIF, with what it was before. */
export function decisionEvent(gifId: string, input: DecisionInput, before: { state: ModerationState; removed: boolean; rating: Rating }, actor: Actor, extra: Record<string, unknown> = {}): NewEvent {
  return {
    type: MODERATION_EVENTS.decided,
    stream: 'gif',
    streamId: gifId,
    payload: { decision: input.action, reason: input.reason, ...(input.rating ? { rating: input.rating } : {}), before, ...extra, actor: actor.userId, via: actor.via, address: actor.address },
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
}

const visible = (state: ModerationState, removed: boolean) => !removed && state !== 'pending' && state !== 'hidden';

/**
 * Applies a moderator's decision to a GIF inside the caller's transaction: its state, removal or
 * rating change, its open reports closed, and the decision logged. Listings, the API and the embed
 * read these columns, so the decision shows everywhere at once.
 */
export async function applyDecision(trx: ModerationDb, gifId: string, input: DecisionInput, actor: Actor): Promise<DecisionOutcome> {
  const row = await trx.selectFrom('gifs').select(['moderation_state', 'is_removed', 'rating']).where('id', '=', gifId).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError(404, `GIF ${gifId} not found`);
  const effect = EFFECTS[input.action];
  await trx
    .updateTable('gifs')
    .set({
      ...(effect.state ? { moderation_state: effect.state } : {}),
      ...(effect.removed !== undefined ? { is_removed: effect.removed } : {}),
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
  await appendEvents(baseOfModeration(trx), [decisionEvent(gifId, input, { state: row.moderation_state, removed: row.is_removed, rating: row.rating }, actor)]);
  // A GIF shown again belongs in cached answers that never named it: those are dropped too.
  const reappears = !visible(row.moderation_state, row.is_removed) && visible(effect.state ?? row.moderation_state, effect.removed ?? row.is_removed);
  const rerated = input.action === 'rate' && input.rating !== row.rating;
  return { purge: reappears ? [ALL_TAG] : [gifTag(gifId)], rerank: reappears || rerated };
}
