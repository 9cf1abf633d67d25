import { createHmac, randomBytes } from 'node:crypto';
import { getCookie } from 'hono/cookie';
import { sql, type Kysely } from 'kysely';
import type { Context } from 'hono';
import { SESSION_COOKIE } from '../auth/constants.ts';
import type { AuthEnv } from '../auth/context.ts';
import { clientAddress } from '../http/client.ts';
import type { Database } from '../store/schema.ts';
import { SEARCHER_HASH_BYTES } from './constants.ts';

/** Who searched, found when the search is written (after the answer): `user:{id}` signed in, else `address:{ip}`. */
export type SearcherIdentity = () => Promise<string>;

/**
 * The searcher of a request. A signed-in caller is their account (one searcher from any number of
 * addresses; many behind one address are many); the account is looked up only when the search is
 * written, so a search costs no extra read. A credential that no longer holds counts as its address.
 */
export function searcherOf(c: Context): SearcherIdentity {
  const auth = (c as Context<AuthEnv>).var.auth as AuthEnv['Variables']['auth'] | undefined;
  const address = `address:${auth?.address ?? clientAddress(c)}`;
  const signedIn = c.req.header('authorization') !== undefined || getCookie(c, SESSION_COOKIE) !== undefined;
  if (!auth || !signedIn) return () => Promise.resolve(address);
  return async () => {
    try {
      const principal = await auth.principal();
      return principal.kind === 'user' ? `user:${principal.userId}` : address;
    } catch {
      return address;
    }
  };
}

/** The UTC day a time falls on, as the salts are kept. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface SearcherHasher {
  /** A keyed hash of the identity with the salt of `at`'s UTC day: the same all day, unlinkable to the next day's. */
  hash(identity: string, at: Date): Promise<string>;
}

/**
 * Searchers are counted, never stored: the log keeps HMAC(day's salt, identity). Each UTC day gets a
 * random salt in `searcher_salts` (the first process to need it makes it; the others read it), and
 * salts older than yesterday are deleted, so nobody, the operator included, can later try addresses
 * against an old hash.
 */
export function createSearcherHasher(db: Kysely<Database>): SearcherHasher {
  const salts = new Map<string, string>();

  async function saltOf(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    const rows = await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO searcher_salts (day, salt) VALUES (${day}::date, ${randomBytes(32).toString('base64url')}) ON CONFLICT (day) DO NOTHING`.execute(
        trx,
      );
      await sql`DELETE FROM searcher_salts WHERE day < ${day}::date - 1`.execute(trx);
      return (await sql<{ salt: string }>`SELECT salt FROM searcher_salts WHERE day = ${day}::date`.execute(trx)).rows;
    });
    const salt = rows[0]!.salt;
    for (const old of salts.keys()) if (old < day) salts.delete(old);
    salts.set(day, salt);
    return salt;
  }

  return {
    async hash(identity, at) {
      const salt = await saltOf(dayOf(at));
      return createHmac('sha256', salt).update(identity).digest().subarray(0, SEARCHER_HASH_BYTES).toString('hex');
    },
  };
}
