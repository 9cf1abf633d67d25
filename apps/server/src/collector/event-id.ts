import { createHash } from 'node:crypto';
import { DERIVED_EVENT_ID_PREFIX } from './constants.ts';

/** JSON with object keys sorted at every level, so the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The id of an event sent without one (GIPHY's analytics package never sends ids): a hash of the
 * event as sent, so a batch re-sent unchanged counts once. Two events identical in every field
 * (same session, millisecond, payload, action and attributes) count once too.
 */
export function derivedEventId(event: Record<string, unknown>): string {
  const { event_id: _ignored, ...content } = event;
  return DERIVED_EVENT_ID_PREFIX + createHash('sha256').update(canonicalJson(content)).digest('base64url').slice(0, 32);
}
