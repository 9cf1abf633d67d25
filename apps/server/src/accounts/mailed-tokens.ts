import { newSecret, secretHash } from '../auth/secrets.ts';
import { RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './constants.ts';
import type { AccountsDb } from './schema.ts';

export type MailedPurpose = 'verify_email' | 'reset_password';
const LIFETIME: Record<MailedPurpose, number> = { verify_email: VERIFY_EMAIL_TTL_MS, reset_password: RESET_PASSWORD_TTL_MS };

/**
 * A single-use, expiring secret for a mailed link, bound to the address it was sent to. Issuing one
 * retires the user's earlier unused ones of the same purpose, so only the newest link works.
 */
export async function issueMailedToken(db: AccountsDb, userId: number, purpose: MailedPurpose, email: string): Promise<string> {
  const token = newSecret();
  const now = new Date();
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('account_tokens')
    .values({ token_hash: secretHash(token), user_id: userId, purpose, email, expires_at: new Date(now.getTime() + LIFETIME[purpose]) })
    .execute();
  return token;
}

/** Uses up a mailed token: its user and address if it is live (unused, unexpired, of this purpose), else undefined. */
export async function consumeMailedToken(
  db: AccountsDb,
  token: string,
  purpose: MailedPurpose,
): Promise<{ userId: number; email: string } | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', secretHash(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, email: row.email };
}
