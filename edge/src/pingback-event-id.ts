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
 * The id of a pingback sent without one, made exactly as the origin's collector makes it
 * (apps/server/src/collector/event-id.ts, compared in edge/test/pingback-event-id.test.ts): a hash
 * of the event as sent, so a batch the client re-sends unchanged is counted once whichever way it came.
 */
export async function derivedEventId(event: Record<string, unknown>): Promise<string> {
  const { event_id: _ignored, ...content } = event;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(content)));
  return DERIVED_EVENT_ID_PREFIX + base64url(new Uint8Array(digest)).slice(0, 32);
}
