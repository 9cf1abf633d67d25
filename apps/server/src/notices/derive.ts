import { HELD_REASON_OTHER, HELD_REASONS, NOT_HELD_STATES, type NoticeKind } from './constants.ts';

/** A logged event as notices read it (the events table's columns). */
export interface NoticeSourceEvent {
  event_id: string;
  type: string;
  stream_id: string;
  ts: Date | string;
  payload: Record<string, unknown>;
}

/** What one event tells a GIF's owner, before the owner is looked up. */
export interface NoticeDraft {
  eventId: string;
  gifId: string;
  kind: NoticeKind;
  reason: string;
  rating: string | null;
  createdAt: Date;
  /** Who caused it: a creator is not told what they did themself. */
  actor: number | null;
  /** Mailed with the notice; a takedown mails its owners itself when staff ask it to (takedown-routes.ts). */
  mail: boolean;
}

const DECISION_KINDS: Record<string, NoticeKind> = {
  approve: 'approved',
  hide: 'hidden',
  rate: 'rated',
  remove: 'removed',
  restore: 'restored',
};

/** A takedown's reasons are words of a list (`court_order`): told as words. */
const reasonWords = (reason: string) => reason.replace(/_/g, ' ');

/**
 * The notice one logged event makes, if any: an upload committed in a held moderation state (any but
 * `none` and `approved`, so a hold added later is told too), or a decision about a GIF (a takedown's
 * removal is `taken_down`). Pure: recording and replaying the log derive alike.
 */
export function noticeOf(event: NoticeSourceEvent): NoticeDraft | undefined {
  const p = event.payload;
  const base = {
    eventId: event.event_id,
    gifId: event.stream_id,
    createdAt: new Date(event.ts),
    actor: typeof p.actor === 'number' ? p.actor : null,
  };
  if (event.type === 'gif.uploaded') {
    const state = typeof p.moderation_state === 'string' ? p.moderation_state : 'none';
    if (NOT_HELD_STATES.includes(state)) return undefined;
    // The uploader is told, although they caused the upload: the hold is the site's.
    return { ...base, actor: null, kind: 'held', reason: HELD_REASONS[state] ?? HELD_REASON_OTHER, rating: null, mail: true };
  }
  if (event.type !== 'gif.moderated') return undefined;
  const decision = String(p.decision);
  const takedown = p.takedown !== undefined;
  const kind = takedown ? 'taken_down' : DECISION_KINDS[decision];
  if (!kind) return undefined;
  const reason = typeof p.reason === 'string' ? (takedown ? reasonWords(p.reason) : p.reason) : '';
  return { ...base, kind, reason, rating: kind === 'rated' && typeof p.rating === 'string' ? p.rating : null, mail: !takedown };
}
