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

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * What the id of an event sent without one hashes: the event as sent, its keys sorted, without an
 * `event_id`. Shared with the origin's collector (apps/server/src/collector/event-id.ts), which
 * hashes it with node:crypto where this module's WebCrypto would make it wait.
 */
export function eventIdSource(event: Record<string, unknown>): string {
  const { event_id: _ignored, ...content } = event;
  return canonicalJson(content);
}

/** Characters of the hash an id keeps after DERIVED_EVENT_ID_PREFIX. */
export const DERIVED_EVENT_ID_HASH_LENGTH = 32;

/**
 * The id of a pingback sent without one, made as the origin's collector makes it (compared in
 * edge/test/pingback-event-id.test.ts): a SHA-256 of eventIdSource, so a batch the client re-sends
 * unchanged is counted once whichever way it came.
 */
export async function derivedEventId(event: Record<string, unknown>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(eventIdSource(event)));
  return DERIVED_EVENT_ID_PREFIX + base64url(new Uint8Array(digest)).slice(0, DERIVED_EVENT_ID_HASH_LENGTH);
}
