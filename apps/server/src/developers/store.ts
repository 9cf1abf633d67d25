import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { APP_KEY_PREFIX, TIER_CALLS_PER_HOUR, type AppPlatform } from './constants.ts';
import type { DevelopersDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { DeveloperApp, DeveloperKey, KeyState, OpenRequest as OpenRequestSchema } from '@loopbox/contract/developers';

export type KeyListing = Built<typeof DeveloperKey>;
export type AppListing = Built<typeof DeveloperApp>;

export const newAppKey = () => `${APP_KEY_PREFIX}${randomBytes(16).toString('hex')}`;

/** A request as the owner sees it (requests come newest first). */
function latest(
  requests: readonly (NonNullable<AppListing['production_request']> & { app_id: string })[],
): AppListing['production_request'] {
  const [first] = requests;
  if (!first) return null;
  const { app_id: _, ...request } = first;
  return request;
}

function stateOf(row: { revoked_at: Date | null; expires_at: Date | null }, now: Date): KeyState {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at) return row.expires_at > now ? 'expiring' : 'expired';
  return 'active';
}

export async function createApp(
  db: DevelopersDb,
  ownerId: number,
  input: { name: string; description: string; platform: AppPlatform },
): Promise<{ appId: string; keyId: string }> {
  const app = await db
    .insertInto('developer_apps')
    .values({ owner_id: ownerId, ...input })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = await db
    .insertInto('api_keys')
    .values({ key: newAppKey(), kind: 'app', label: input.name, app_id: app.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { appId: app.id, keyId: key.id };
}

/** A user's apps, newest first, each with its keys (live ones first) and its latest production request. */
export async function listApps(db: DevelopersDb, ownerId: number, now: Date): Promise<AppListing[]> {
  const apps = await db
    .selectFrom('developer_apps')
    .select(['id', 'name', 'description', 'platform', 'tier', 'created_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('id', 'desc')
    .execute();
  if (apps.length === 0) return [];
  const ids = apps.map((a) => a.id);
  const keys = await db
    .selectFrom('api_keys')
    .select(['id', 'key', 'app_id', 'created_at', 'expires_at', 'revoked_at'])
    .where('app_id', 'in', ids)
    .orderBy('id', 'desc')
    .execute();
  const requests = await db
    .selectFrom('production_requests')
    .select(['id', 'app_id', 'note', 'created_at', 'decision', 'decision_note', 'decided_at'])
    .where('app_id', 'in', ids)
    .orderBy('id', 'desc')
    .execute();
  return apps.map((app) => ({
    ...app,
    keys: keys
      .filter((k) => k.app_id === app.id)
      .map((k) => ({
        id: k.id,
        key: k.key,
        tier: app.tier,
        calls_per_hour: TIER_CALLS_PER_HOUR[app.tier],
        state: stateOf(k, now),
        created_at: k.created_at,
        expires_at: k.expires_at,
        revoked_at: k.revoked_at,
      })),
    production_request: latest(requests.filter((r) => r.app_id === app.id)),
  }));
}

export async function appOwner(db: DevelopersDb, appId: string): Promise<number | undefined> {
  const row = await db.selectFrom('developer_apps').select('owner_id').where('id', '=', appId).executeTakeFirst();
  return row?.owner_id;
}

/** A developer key's app and owner, by the key's id (only app keys: the site's own are not anyone's to revoke here). */
export async function keyOwner(db: DevelopersDb, keyId: string): Promise<{ appId: string; ownerId: number } | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('developer_apps as a', 'a.id', 'k.app_id')
    .select(['a.id as appId', 'a.owner_id as ownerId'])
    .where('k.id', '=', keyId)
    .executeTakeFirst();
  return row;
}

/**
 * Issues the app a new key and ends its live ones `graceSeconds` from now (an earlier end they already
 * have stands). Returns the new key's id and the ids of the keys it replaces.
 */
export async function rotateKey(
  db: DevelopersDb,
  appId: string,
  graceSeconds: number,
  now: Date,
): Promise<{ keyId: string; replaced: string[] }> {
  const ends = sql<Date>`LEAST(coalesce(expires_at, 'infinity'), ${now}::timestamptz + make_interval(secs => ${graceSeconds}))`;
  const replaced = await db
    .updateTable('api_keys')
    .set({ expires_at: ends })
    .where('app_id', '=', appId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning('id')
    .execute();
  const app = await db.selectFrom('developer_apps').select('name').where('id', '=', appId).executeTakeFirstOrThrow();
  const key = await db
    .insertInto('api_keys')
    .values({ key: newAppKey(), kind: 'app', label: app.name, app_id: appId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { keyId: key.id, replaced: replaced.map((r) => r.id) };
}

/** Revokes every live key of every app a user owns (a suspension); answers their ids. Restoring the user does not bring them back. */
export async function revokeOwnerKeys(db: DevelopersDb, ownerId: number): Promise<string[]> {
  const apps = db.selectFrom('developer_apps').select('id').where('owner_id', '=', ownerId);
  const rows = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('app_id', 'in', apps)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function revokeKey(db: DevelopersDb, keyId: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Opens a request for production; undefined when one is already open. */
export async function requestProduction(db: DevelopersDb, appId: string, userId: number, note: string): Promise<string | undefined> {
  const row = await db
    .insertInto('production_requests')
    .values({ app_id: appId, requested_by: userId, note })
    .onConflict((oc) => oc.column('app_id').where('decision', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export type OpenRequest = Built<typeof OpenRequestSchema>;

/** Requests for production waiting for staff, oldest first. */
export async function openRequests(db: DevelopersDb): Promise<OpenRequest[]> {
  return db
    .selectFrom('production_requests as r')
    .innerJoin('developer_apps as a', 'a.id', 'r.app_id')
    .innerJoin('users as u', 'u.id', 'a.owner_id')
    .select([
      'r.id',
      'r.app_id',
      'a.name as app_name',
      'a.description as app_description',
      'a.platform',
      'u.username as owner',
      'r.note',
      'r.created_at',
    ])
    .where('r.decision', 'is', null)
    .orderBy('r.id')
    .execute();
}

/** Decides an open request; the app becomes production when approved. Undefined when no such open request. */
export async function decideRequest(
  db: DevelopersDb,
  requestId: string,
  deciderId: number,
  decision: 'approved' | 'refused',
  note: string,
): Promise<{ appId: string; ownerId: number } | undefined> {
  const row = await db
    .updateTable('production_requests')
    .set({ decision, decided_by: deciderId, decision_note: note, decided_at: new Date() })
    .where('id', '=', requestId)
    .where('decision', 'is', null)
    .returning('app_id')
    .executeTakeFirst();
  if (!row) return undefined;
  if (decision === 'approved') await db.updateTable('developer_apps').set({ tier: 'production' }).where('id', '=', row.app_id).execute();
  const owner = await appOwner(db, row.app_id);
  return { appId: row.app_id, ownerId: owner! };
}
