import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SECRET_BYTES } from './constants.ts';

/** A fresh random secret, URL-safe. */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * How a high-entropy secret (session, token, mailed link) is stored and looked up. A 256-bit random
 * secret needs no salt or slow hash: its SHA-256 cannot be reversed or guessed.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  // Digests have one length, so neither the length nor the first differing byte shows in the time taken.
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

/**
 * The CSRF token of a session, derived from its secret: the server keeps no copy (only the secret's
 * hash is stored), yet can recompute it on every request that carries the session cookie.
 */
export function csrfTokenFor(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('loopbox csrf').digest('base64url');
}
