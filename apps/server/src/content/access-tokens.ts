import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { UserRow } from './gif-row.ts';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The user a bearer token belongs to; only the token's hash is stored. */
export async function userForToken(db: Kysely<Database>, token: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}
