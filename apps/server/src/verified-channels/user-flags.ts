import { ALL_TAG } from '@loopbox/edge';
import { z } from 'zod';
import { auditEvent, type Actor } from '../auth/audit.ts';
import { appendEvents } from '../store/events.ts';
import { CHANNEL_EVENTS, USER_FLAGS, type UserFlag } from './constants.ts';
import { baseOfApplications, type ChannelsApplyDb } from './schema.ts';

const flag = (name: UserFlag) => z.boolean({ error: `${name} must be true or false` }).optional();

/** The flags staff may set on any user through `PATCH /api/v1/users/{id}/` (`user.flag`). */
export const UserFlagFields = {
  is_verified: flag('is_verified'),
  is_public: flag('is_public'),
  suppress_chrome: flag('suppress_chrome'),
} as const;
export type UserFlagChanges = Partial<Record<UserFlag, boolean | undefined>>;

/** Whether a profile change names any staff flag. */
export const namesUserFlag = (changes: UserFlagChanges) => USER_FLAGS.some((name) => changes[name] !== undefined);

/**
 * Sets the flags that differ from the user's, inside the caller's transaction, with one
 * `user.flags_changed` event naming each change (from, to). Returns the flags changed.
 */
export async function applyUserFlags(trx: ChannelsApplyDb, userId: number, changes: UserFlagChanges, actor: Actor): Promise<UserFlag[]> {
  const current = await trx
    .selectFrom('users')
    .select([...USER_FLAGS])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return [];
  const changed = USER_FLAGS.filter((name) => changes[name] !== undefined && changes[name] !== current[name]);
  if (changed.length === 0) return [];
  await trx
    .updateTable('users')
    .set(Object.fromEntries(changed.map((name) => [name, changes[name]])))
    .where('id', '=', userId)
    .execute();
  const details = Object.fromEntries(changed.map((name) => [name, { from: current[name], to: changes[name] }]));
  await appendEvents(baseOfApplications(trx), [auditEvent(CHANNEL_EVENTS.flagsChanged, userId, actor, { changes: details })]);
  return changed;
}

/**
 * The edge's purge tags after a user's flags change: their badge, visibility and attribution show in
 * every cached answer holding one of their GIFs, which carry no per-user tag, so everything goes.
 */
export const userPurgeTags = () => ALL_TAG;
