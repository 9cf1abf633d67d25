import type { Kysely } from 'kysely';
import { ApiError } from '../http/envelope.ts';
import type { Database } from '../store/schema.ts';
import { moderationDb } from './schema.ts';

/** Refuses (403) a sign-in to an account staff have suspended (account-routes.ts). */
export async function refuseIfSuspended(db: Kysely<Database>, userId: number): Promise<void> {
  const row = await moderationDb(db).selectFrom('users').select('suspended_at').where('id', '=', userId).executeTakeFirst();
  if (row?.suspended_at) throw new ApiError(403, 'This account is suspended');
}
