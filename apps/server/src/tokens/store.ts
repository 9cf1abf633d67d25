import type { AccountsDb } from '../accounts/schema.ts';
import { TOKEN_PREFIX } from '../auth/constants.ts';
import { newSecret, secretHash } from '../auth/secrets.ts';
import { lesserRole, type Role } from '../permissions/roles.ts';
import type { Built } from '@loopbox/contract/common';
import type { AccessToken, NewAccessToken } from '@loopbox/contract/tokens';

export interface LiveToken {
  id: string;
  userId: number;
  username: string;
  /** The user's role, lowered to the token's scope. */
  role: Role;
  lastUsedAt: Date | null;
}

/** A personal token as its owner lists it: the admin token (no scope) is never one. */
export type TokenListing = Built<typeof AccessToken>;

/** Makes a personal access token; the token itself is returned once and only its hash is kept. */
export async function createAccessToken(
  db: AccountsDb,
  userId: number,
  input: { label: string; scope: Role },
): Promise<Built<typeof NewAccessToken>> {
  const token = `${TOKEN_PREFIX}${newSecret()}`;
  const hint = `${token.slice(0, TOKEN_PREFIX.length + 4)}…`;
  const row = await db
    .insertInto('access_tokens')
    .values({ token_hash: secretHash(token), user_id: userId, label: input.label, scope: input.scope, hint })
    .returning(['id', 'label', 'scope', 'hint', 'created_at', 'last_used_at'])
    .$narrowType<{ scope: Role }>()
    .executeTakeFirstOrThrow();
  return { ...row, token };
}

/** The live token a bearer credential names, with its user. The admin token lives here too (no scope: its user's role). */
export async function tokenBySecret(db: AccountsDb, token: string): Promise<LiveToken | undefined> {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 'u.username', 'u.role', 't.scope', 't.last_used_at'])
    .where('t.token_hash', '=', secretHash(token))
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      username: row.username,
      role: row.scope ? lesserRole(row.scope, row.role) : row.role,
      lastUsedAt: row.last_used_at,
    }
  );
}

export async function touchToken(db: AccountsDb, id: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}

/** A user's live personal tokens (the admin token is not listed: it is managed by its file or variable). */
export async function listTokens(db: AccountsDb, userId: number): Promise<TokenListing[]> {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'label', 'scope', 'hint', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('scope', 'is not', null)
    .$narrowType<{ scope: Role }>()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** A live personal token's owner, by its id. */
export async function tokenOwner(db: AccountsDb, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .select('user_id')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('scope', 'is not', null)
    .executeTakeFirst();
  return row?.user_id;
}

/** Revokes every live personal token of a user (a password change or reset, a suspension); answers their ids. */
export async function revokeTokens(db: AccountsDb, userId: number): Promise<string[]> {
  const rows = await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => String(r.id));
}

export async function revokeToken(db: AccountsDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
