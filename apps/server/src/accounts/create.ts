import { randomInt } from 'node:crypto';
import { auditEvent, type Actor } from '../auth/audit.ts';
import type { Role } from '../permissions/roles.ts';
import { appendEvents } from '../store/events.ts';
import { USER_ID_MAX, USER_ID_MIN } from './constants.ts';
import { baseDb, type AccountsDb } from './schema.ts';

export interface NewAccount {
  username: string;
  email: string;
  /** scrypt hash (auth/passwords.ts); null: no password login until one is set by a reset. */
  passwordHash: string | null;
  role: Role;
  /** Whether the address is already known to work (an operator creating the account vouches for it). */
  emailVerified: boolean;
}

/**
 * Creates a user and their account inside the caller's transaction, logging `user.created` and
 * `account.created`. The id is random (see USER_ID_MIN); a clash with an existing id draws again.
 * A taken username or e-mail fails with a unique violation (see duplicateField).
 */
export async function createAccount(db: AccountsDb, input: NewAccount, actor: Actor): Promise<number> {
  let userId: number | undefined;
  while (userId === undefined) {
    const row = await db
      .insertInto('users')
      .values({
        id: randomInt(USER_ID_MIN, USER_ID_MAX),
        username: input.username,
        display_name: input.username,
        role: input.role,
        is_staff: input.role === 'staff',
        avatar: null,
        banner: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    userId = row?.id;
  }
  await db
    .insertInto('accounts')
    .values({
      user_id: userId,
      email: input.email,
      password_hash: input.passwordHash,
      password_changed_at: input.passwordHash ? new Date() : null,
      email_verified_at: input.emailVerified ? new Date() : null,
    })
    .execute();
  await appendEvents(baseDb(db), [
    { type: 'user.created', stream: 'user', streamId: String(userId), payload: { username: input.username } },
    auditEvent('account.created', userId, actor, { username: input.username, role: input.role, email_verified: input.emailVerified }),
  ]);
  return userId;
}
