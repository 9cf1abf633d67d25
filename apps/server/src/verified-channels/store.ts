import { sql } from 'kysely';
import { previewPath } from '../moderation/preview.ts';
import type { Role } from '../permissions/roles.ts';
import { ApiError } from '../http/envelope.ts';
import { REVIEW_QUEUE_MAX } from './constants.ts';
import type { ApplicationInput } from './fields.ts';
import type { ApplicationExample, ChannelsApplyDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { Application, OpenApplication } from '@loopbox/contract/verified-channels';

/** An application as its applicant and staff read it. */
export type ApplicationView = Built<typeof Application>;

const VIEW_COLUMNS = [
  'a.id',
  'a.state',
  'a.name',
  'a.links',
  'a.examples',
  'a.why',
  'a.created_at',
  'a.decision_note',
  'a.decided_at',
] as const;

/** Files an application; a 409 when the person has one open already (the store's unique index decides, so two at once cannot both pass). */
export async function submitApplication(
  db: ChannelsApplyDb,
  userId: number,
  input: Omit<ApplicationInput, 'examples'> & { examples: ApplicationExample[] },
): Promise<string> {
  const row = await db
    .insertInto('channel_applications')
    .values({
      user_id: userId,
      name: input.name,
      links: JSON.stringify(input.links),
      examples: JSON.stringify(input.examples),
      why: input.why,
    })
    .onConflict((oc) => oc.column('user_id').where('state', '=', 'open').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new ApiError(409, 'You already have an application waiting for the staff: you can apply again once it is decided');
  return row.id;
}

/** The person's latest application, if any. */
export async function latestApplication(db: ChannelsApplyDb, userId: number): Promise<ApplicationView | undefined> {
  return db
    .selectFrom('channel_applications as a')
    .select(VIEW_COLUMNS)
    .where('a.user_id', '=', userId)
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Staff's queue: open applications, oldest first, with the applicant and a tile for each example that is this site's GIF. */
export async function openApplications(db: ChannelsApplyDb): Promise<Built<typeof OpenApplication>[]> {
  const rows = await db
    .selectFrom('channel_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(VIEW_COLUMNS)
    .select([
      'u.id as user_id',
      'u.username',
      'u.display_name',
      'u.role',
      'u.is_verified',
      sql<number>`(SELECT count(*)::int FROM gifs g WHERE g.user_id = u.id AND NOT g.is_removed)`.as('gif_count'),
    ])
    .where('a.state', '=', 'open')
    .orderBy('a.id')
    .limit(REVIEW_QUEUE_MAX)
    .execute();
  const ids = [...new Set(rows.flatMap((r) => r.examples.flatMap((e) => (e.gif_id ? [e.gif_id] : []))))];
  const gifs =
    ids.length === 0
      ? []
      : await db.selectFrom('gifs').select(['id', 'title', 'images']).where('id', 'in', ids).where('is_removed', '=', false).execute();
  const tiles = new Map(gifs.map((g) => [g.id, { id: g.id, title: g.title, preview: previewPath(g.id, g.images) }]));
  return rows.map(({ user_id, username, display_name, role, is_verified, gif_count, ...application }) => ({
    ...application,
    applicant: { id: user_id, username, display_name, role, is_verified, gif_count },
    gifs: Object.fromEntries(
      application.examples.flatMap((e) => (e.gif_id && tiles.has(e.gif_id) ? [[e.gif_id, tiles.get(e.gif_id)!]] : [])),
    ),
  }));
}

/** What deciding changed, for the events and the mail. */
export interface Decided {
  userId: number;
  username: string;
  email: string | null;
  name: string;
  roleFrom: Role;
  roleTo: Role;
  wasVerified: boolean;
}

/**
 * Decides an open application inside the caller's transaction: approving verifies the applicant and
 * makes a `user` a creator (a moderator or staff keeps their role). Undefined when it is not open.
 */
export async function decideApplication(
  trx: ChannelsApplyDb,
  id: string,
  deciderId: number,
  approve: boolean,
  note: string,
): Promise<Decided | undefined> {
  const row = await trx
    .updateTable('channel_applications')
    .set({ state: approve ? 'approved' : 'refused', decided_by: deciderId, decision_note: note, decided_at: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .returning(['user_id', 'name'])
    .executeTakeFirst();
  if (!row) return undefined;
  const user = await trx
    .selectFrom('users as u')
    .leftJoin('accounts as ac', 'ac.user_id', 'u.id')
    .select(['u.username', 'u.role', 'u.is_verified', 'ac.email'])
    .where('u.id', '=', row.user_id)
    .forUpdate('u')
    .executeTakeFirstOrThrow();
  const roleTo: Role = approve && user.role === 'user' ? 'creator' : user.role;
  if (approve) await trx.updateTable('users').set({ is_verified: true, role: roleTo }).where('id', '=', row.user_id).execute();
  return {
    userId: row.user_id,
    username: user.username,
    email: user.email,
    name: row.name,
    roleFrom: user.role,
    roleTo,
    wasVerified: user.is_verified,
  };
}
