import { createHash } from 'node:crypto';
import { DERIVED_EVENT_ID_HASH_LENGTH, eventIdSource } from '@loopbox/edge/pingback-event-id';
import { DERIVED_EVENT_ID_PREFIX } from './constants.ts';

/**
 * The id of an event sent without one (GIPHY's analytics package never sends ids): a hash of the
 * event as sent, so a batch re-sent unchanged counts once, whether it came here or through the
 * edge's queue (edge/src/pingback-event-id.ts makes the same id). Two events identical in every
 * field (same session, millisecond, payload, action and attributes) count once too.
 */
export function derivedEventId(event: Record<string, unknown>): string {
  return (
    DERIVED_EVENT_ID_PREFIX + createHash('sha256').update(eventIdSource(event)).digest('base64url').slice(0, DERIVED_EVENT_ID_HASH_LENGTH)
  );
}
