import type { AttemptLimiter } from '../auth/attempt-limits.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { FieldError } from '../http/envelope.ts';
import type { AccountsDb } from './schema.ts';
import { passwordHashOf } from './store.ts';

/**
 * Re-confirms a signed-in user's password before something sensitive (changing it, changing the
 * e-mail, reading sign-in history). Wrong guesses count against the account's confirm budget.
 */
export async function confirmPassword(
  db: AccountsDb,
  limits: AttemptLimiter,
  userId: number,
  password: string,
  field: string,
): Promise<void> {
  const key = String(userId);
  await limits.check('confirmFailuresPerAccount', key);
  if (await verifyPassword(password, await passwordHashOf(db, userId))) return;
  await limits.count('confirmFailuresPerAccount', key);
  throw new FieldError(403, field, 'That is not your current password');
}
