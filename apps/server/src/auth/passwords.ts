import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { SCRYPT } from './constants.ts';

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const memoryFor = (N: number, r: number, p: number) => 128 * N * r * p + 16 * 1024 * 1024;

/** `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise later without invalidating old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltBytes);
  const { N, r, p } = SCRYPT;
  const key = await derive(password, salt, SCRYPT.keyLength, { N, r, p, maxmem: memoryFor(N, r, p) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A stored hash nothing matches: verified against when the account does not exist, so both take as long. */
export const UNUSABLE_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${Buffer.alloc(SCRYPT.saltBytes).toString('base64url')}$${Buffer.alloc(SCRYPT.keyLength).toString('base64url')}`;

/** Whether the password matches the stored hash (constant-time compare of the derived keys). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? UNUSABLE_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] as string, 'base64url');
  const expected = Buffer.from(parts[5] as string, 'base64url');
  const key = await derive(password, salt, expected.length, { N, r, p, maxmem: memoryFor(N, r, p) });
  return timingSafeEqual(key, expected) && stored !== null;
}
