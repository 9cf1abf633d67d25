import { describe, expect, it } from 'vitest';
import { hashPassword, UNUSABLE_HASH, verifyPassword } from './passwords.ts';
import { csrfTokenFor, newSecret, sameSecret, secretHash } from './secrets.ts';

describe('passwords', () => {
  it('stores scrypt with its parameters and a fresh salt, and verifies only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('horse battery staple'), hashPassword('horse battery staple')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('horse battery staple', a)).toBe(true);
    expect(await verifyPassword('horse battery stapler', a)).toBe(false);
    // NFKC: the same password typed with a compatibility character still matches.
    expect(await verifyPassword('ﬁsh and chips 123', await hashPassword('fish and chips 123'))).toBe(true);
  });

  it('verifies nothing against a missing or unusable hash', async () => {
    expect(await verifyPassword('', null)).toBe(false);
    expect(await verifyPassword('anything at all', UNUSABLE_HASH)).toBe(false);
    expect(await verifyPassword('anything at all', 'md5$abc')).toBe(false);
  });
});

describe('secrets', () => {
  it('makes 256-bit secrets, stores their SHA-256 and derives a CSRF token that is not the secret', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secretHash(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(csrfTokenFor(secret)).not.toContain(secret);
    expect(csrfTokenFor(secret)).toBe(csrfTokenFor(secret));
    expect(csrfTokenFor(secret)).not.toBe(csrfTokenFor(newSecret()));
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret(secret, `${secret}x`)).toBe(false);
    expect(sameSecret('', secret)).toBe(false);
  });
});
