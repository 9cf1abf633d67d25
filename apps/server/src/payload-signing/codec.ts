import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_BYTES, VERIFICATION_SUFFIX } from './constants.ts';

/** What a payload says about the GIF it was issued for. */
export interface PayloadFields {
  gifId: string;
  eventType: string;
  responseId: string;
}

export interface DecodedPayload extends PayloadFields {
  kid: string;
  signature: Buffer;
  /** The signed text: every field but the signature, in order. */
  signed: string;
  /** GIPHY's analytics package sent it in verification mode (its debug logger was on). */
  verification: boolean;
}

/** What application/x-www-form-urlencoded leaves as it is (the URL Standard's urlencoded serializer). */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/**
 * The signed text, as URLSearchParams writes it. Every id and kid the server issues is form-safe, so
 * an answer's 25 payloads skip building a URLSearchParams each; the text is the same either way.
 */
function signedText({ gifId, eventType, responseId }: PayloadFields, kid: string): string {
  if (FORM_SAFE.test(gifId) && FORM_SAFE.test(eventType) && FORM_SAFE.test(responseId) && FORM_SAFE.test(kid))
    return `gif_id=${gifId}&event_type=${eventType}&cid=${responseId}&kid=${kid}`;
  return new URLSearchParams({ gif_id: gifId, event_type: eventType, cid: responseId, kid }).toString();
}

export function signatureOf(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest().subarray(0, SIGNATURE_BYTES);
}

/**
 * GIPHY's opaque shape, `e=` + base64 of a query string, with the signing key's id and an
 * HMAC of the rest: `gif_id=…&event_type=…&cid=…&kid=…&sig=…`.
 */
export function encodePayload(fields: PayloadFields, kid: string, secret: string): string {
  const text = signedText(fields, kid);
  return `e=${Buffer.from(`${text}&sig=${signatureOf(secret, text).toString('base64url')}`).toString('base64')}`;
}

/** The fields and signature a payload carries, or null when it is not in our shape. Verifies nothing. */
export function decodePayload(payload: string): DecodedPayload | null {
  const verification = payload.endsWith(VERIFICATION_SUFFIX);
  const body = verification ? payload.slice(0, -VERIFICATION_SUFFIX.length) : payload;
  if (!body.startsWith('e=') || !/^[A-Za-z0-9+/]+={0,2}$/.test(body.slice(2))) return null;
  const params = new URLSearchParams(Buffer.from(body.slice(2), 'base64').toString('utf8'));
  const gifId = params.get('gif_id');
  const eventType = params.get('event_type');
  const responseId = params.get('cid');
  const kid = params.get('kid');
  const sig = params.get('sig');
  if (!gifId || eventType === null || responseId === null || !kid || !sig) return null;
  const fields = { gifId, eventType, responseId };
  return { ...fields, kid, signature: Buffer.from(sig, 'base64url'), signed: signedText(fields, kid), verification };
}

/** Whether the signature was made with this secret (constant time). */
export function signatureHolds(decoded: DecodedPayload, secret: string): boolean {
  const expected = signatureOf(secret, decoded.signed);
  return decoded.signature.length === expected.length && timingSafeEqual(decoded.signature, expected);
}
