/**
 * The routes the role × route matrix (matrix.test.ts) calls, each with the permission it needs.
 * Later issues extend it: add a row per new route, naming its action from the permission table
 * (apps/server/src/permissions/table.ts) and whose resource it touches; the matrix then expects, for
 * every role, exactly what the table grants.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { issueMailedToken } from '../../apps/server/src/accounts/mailed-tokens.ts';
import { requestSignup } from '../../apps/server/src/accounts/signup-requests.ts';
import { enqueueJob } from '../../apps/server/src/jobs/queue.ts';
import type { Action } from '../../apps/server/src/permissions/table.ts';
import { createSession } from '../../apps/server/src/sessions/store.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { developersDb } from '../../apps/server/src/developers/schema.ts';
import { creatorsDb } from '../../apps/server/src/uploads/schema.ts';
import { createApp as createDeveloperApp, requestProduction } from '../../apps/server/src/developers/store.ts';
import { RESUMABLE_PATH } from '../../apps/server/src/uploads/resumable-route.ts';
import { testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { makeGif } from '../support/media-fixtures.ts';

/** What one call of a row works on: the caller, another user, and whatever the row prepared. */
export interface MatrixCase {
  server: AccountsServer;
  /** The caller (absent when anonymous). */
  caller: TestUser | undefined;
  /** Someone else, made fresh for this call. */
  other: TestUser;
  /** Values a row's `prepare` made (ids of resources to act on), by name. */
  vars: Record<string, string>;
}

export interface MatrixRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path; `{name}` is replaced by `vars[name]` from `prepare`, `{self}` by the caller's user id (another's when anonymous). */
  path: string;
  /**
   * The permission asked; `null` for open routes that take no principal (the collectors, keyed by
   * API key only): everyone gets `ok`.
   */
  action: Action | null;
  /**
   * Whose resource the call touches: the caller's own, another user's, nobody's (site-wide), or
   * `none` when the action is on the caller's own things by construction (creating a token).
   */
  target: 'self' | 'other' | 'site' | 'none';
  /** The status when allowed. */
  ok: number;
  /** The status when an anonymous caller is refused (401, or a page's redirect to the login page). */
  anonymous?: number;
  /** Sent as JSON. */
  body?: (k: MatrixCase) => unknown;
  /** Sent as multipart form data instead (uploads). */
  form?: (k: MatrixCase) => Promise<FormData>;
  /** Headers the call needs (tus's). */
  headers?: Record<string, string>;
  /** Sent as raw bytes instead (a tus part). */
  bytes?: Uint8Array;
  /** Makes what the call acts on, fresh for each call (the call may use it up). */
  prepare?: (k: MatrixCase) => Promise<Record<string, string>>;
  /**
   * The route itself answers everyone and its permission guards some answers only (a draft among
   * published stories, a creator's figures beside the site's): its input is public, read before it can
   * know whether the caller needs a grant, so the ordering test (a private route refuses a caller before
   * reading anything) leaves it out. Its `describe` says so with `access.when`.
   */
  openRoute?: true;
  /** The caller needs a password (to re-confirm it) or an unverified address. */
  caller?: { password?: boolean; emailVerified?: boolean };
}

export const CALLER_PASSWORD = 'matrix caller passphrase';
const LOGIN_PASSWORD = 'matrix login passphrase';

/** A GIF given to `owner` for the call (a seeded one, re-assigned). */
async function gifOf(k: MatrixCase, owner: TestUser | undefined): Promise<string> {
  const gif = await k.server.db
    .selectFrom('gifs')
    .select('id')
    .where('is_removed', '=', false)
    .where('type', '=', 'gif')
    .orderBy('id')
    .offset(Math.floor(Math.random() * 20))
    .limit(1)
    .executeTakeFirstOrThrow();
  await k.server.db
    .updateTable('gifs')
    .set({ user_id: owner?.userId ?? k.other.userId })
    .where('id', '=', gif.id)
    .execute();
  return gif.id;
}
const ownGif = async (k: MatrixCase) => ({ gif: await gifOf(k, k.caller) });
const othersGif = async (k: MatrixCase) => ({ gif: await gifOf(k, k.other) });
const anyGif = async (k: MatrixCase) => ({
  gif: (await k.server.db.selectFrom('gifs').select('id').where('is_removed', '=', false).orderBy('id').executeTakeFirstOrThrow()).id,
});
/** A search reported by someone, open in the search-report queue. */
const reportedSearch = async (k: MatrixCase) => {
  const term = testUsername('reported');
  await sql`INSERT INTO search_reports (reporter, reasons, search_term, search_content_type) VALUES (${`user:${k.other.userId}`}, ${['offensive']}, ${term}, 'gifs')`.execute(
    k.server.db,
  );
  return { term };
};
const sessionOf = async (k: MatrixCase, user: TestUser | undefined) => ({
  session: (await createSession(k.server.db, (user ?? k.other).userId, { address: '127.0.0.1', userAgent: 'matrix' })).id,
});
/** A notice about a GIF of `user`'s (another's when anonymous), written as notices/record.ts writes one. */
async function noticeOf(k: MatrixCase, user: TestUser | undefined): Promise<Record<string, string>> {
  const gif = await gifOf(k, user);
  const row = await sql<{
    id: string;
  }>`INSERT INTO notifications (event_id, user_id, gif_id, kind, reason, created_at) VALUES (${`matrix-${testUsername('n')}`}, ${(user ?? k.other).userId}, ${gif}, 'hidden', 'from the matrix', now()) RETURNING id::text AS id`.execute(
    k.server.db,
  );
  return { notice: row.rows[0]!.id };
}
const tokenOf = async (k: MatrixCase, user: TestUser | undefined) => ({
  token: (await createAccessToken(k.server.db, (user ?? k.other).userId, { label: 'matrix', scope: 'user' })).id,
});
/** A one-second GIF made by ffmpeg, once per process, as an upload form's file. */
let tinyGif: Promise<Buffer> | undefined;
async function uploadForm(k: MatrixCase, fields: Record<string, string> = {}): Promise<FormData> {
  tinyGif ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-matrix-'));
    const bytes = fs.readFileSync(await makeGif(path.join(dir, 'tiny.gif'), { seconds: 1, size: '64x48', rate: 5 }));
    fs.rmSync(dir, { recursive: true, force: true });
    return bytes;
  })();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await tinyGif)], { type: 'image/gif' }), 'tiny.gif');
  form.set('tags', 'matrix');
  for (const [name, value] of Object.entries({ ...fields })) form.set(name, value.replace('{othername}', k.other.username));
  return form;
}
const TUS_CREATE = { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000' };
/** The first ten bytes of a resumable upload's thousand: a part that does not finish it. */
const TUS_PART = {
  method: 'PATCH',
  path: `${RESUMABLE_PATH}/{upload}`,
  action: 'gif.edit',
  ok: 204,
  headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
  bytes: new Uint8Array(10),
} as const satisfies Partial<MatrixRoute>;
/** A resumable upload begun by staff and handed to `owner`. */
async function resumableOf(k: MatrixCase, owner: TestUser | undefined): Promise<Record<string, string>> {
  const staff = await k.server.makeUser('staff');
  const res = await k.server.call('POST', RESUMABLE_PATH, { as: staff, via: 'token', headers: TUS_CREATE });
  const id = (res.headers.get('location') ?? '').split('/').pop() ?? '';
  await creatorsDb(k.server.store.db)
    .updateTable('uploads')
    .set({ user_id: (owner ?? k.other).userId })
    .where('id', '=', id)
    .execute();
  return { upload: id };
}
/** One small still frame, as the upload form sends frames for tag suggestions. */
async function framesForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('frames', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'frame.png');
  return form;
}
const artistBody = () => ({ is_freelance: true });
/** A channel owned by `owner` (another user when anonymous), made straight in the store. */
async function channelOf(k: MatrixCase, owner: TestUser | undefined): Promise<string> {
  const row = await k.server.db
    .insertInto('channels')
    .values({ slug: testUsername('mx').replace(/_/g, '-'), display_name: 'Matrix channel', user_id: owner?.userId ?? k.other.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
const ownChannel = async (k: MatrixCase) => ({ channel: await channelOf(k, k.caller), ...(await anyGif(k)) });
const othersChannel = async (k: MatrixCase) => ({ channel: await channelOf(k, k.other), ...(await anyGif(k)) });
/** A channel with a GIF in its feed, a ranked tag and a magic tag, each by id. */
async function stockedChannel(k: MatrixCase, owner: TestUser | undefined): Promise<Record<string, string>> {
  const channel = await channelOf(k, owner);
  const { gif } = await anyGif(k);
  const db = k.server.store.db;
  await sql`INSERT INTO channel_gifs (channel_id, gif_id, position) VALUES (${Number(channel)}, ${gif}, 0)`.execute(db);
  const ranked = await sql<{
    id: number;
  }>`INSERT INTO channel_ranked_tags (channel_id, tag, rank) VALUES (${Number(channel)}, 'matrix', 0) RETURNING id`.execute(db);
  const magic = await sql<{
    id: number;
  }>`INSERT INTO channel_magic_tags (channel_id, tag) VALUES (${Number(channel)}, 'matrix-magic') RETURNING id`.execute(db);
  const job = await enqueueJob(db, {
    kind: 'channel.magic_sync',
    payload: { channel: Number(channel) },
    ownerId: owner?.userId ?? k.other.userId,
    createdBy: null,
  });
  return { channel, gif, ranked: String(ranked.rows[0]!.id), magic: String(magic.rows[0]!.id), job };
}
const ownStocked = (k: MatrixCase) => stockedChannel(k, k.caller);
const othersStocked = (k: MatrixCase) => stockedChannel(k, k.other);
const newSlug = () => testUsername('mx').replace(/_/g, '-');
/** Channel routes, each on the caller's own channel and on another's. */
const channelRoutes = (route: Omit<MatrixRoute, 'target' | 'prepare' | 'action'> & { stocked?: boolean }): MatrixRoute[] => [
  { ...route, action: 'channel.manage', target: 'self', prepare: route.stocked ? ownStocked : ownChannel },
  { ...route, action: 'channel.manage', target: 'other', prepare: route.stocked ? othersStocked : othersChannel },
];

/** A story by `owner` (another user when anonymous), made straight in the store; a draft unless `published`. */
async function storyOf(k: MatrixCase, owner: TestUser | undefined, published = false): Promise<string> {
  const row = await sql<{
    id: string;
  }>`INSERT INTO stories (user_id, slug, title, is_published) VALUES (${owner?.userId ?? k.other.userId}, ${newSlug()}, 'Matrix story', ${published}) RETURNING id`.execute(
    k.server.db,
  );
  return row.rows[0]!.id;
}
const ownStory = async (k: MatrixCase) => ({ story: await storyOf(k, k.caller) });
const othersStory = async (k: MatrixCase) => ({ story: await storyOf(k, k.other) });
/** Story routes, each on the caller's own story and on another's. */
const storyRoutes = (route: Omit<MatrixRoute, 'target' | 'prepare' | 'action'>): MatrixRoute[] => [
  { ...route, action: 'story.edit', target: 'self', prepare: ownStory },
  { ...route, action: 'story.edit', target: 'other', prepare: othersStory },
];
const trendingStory = async (k: MatrixCase) => {
  const story = await storyOf(k, k.other, true);
  await sql`INSERT INTO trending_stories (story_id, publish_datetime) VALUES (${story}, now())`.execute(k.server.db);
  return { story };
};

/**
 * A GIF of the caller's (another's when anonymous) to schedule: from the other end of the corpus than
 * gifOf's picks, public again and in no waiting post, since a scheduled GIF turns private.
 */
async function schedulableGif(k: MatrixCase) {
  const { db } = k.server;
  const gif = await db
    .selectFrom('gifs')
    .select('id')
    .where('is_removed', '=', false)
    .where('type', '=', 'gif')
    .orderBy('id', 'desc')
    .offset(Math.floor(Math.random() * 20))
    .limit(1)
    .executeTakeFirstOrThrow();
  await sql`UPDATE scheduled_posts SET state = 'cancelled' WHERE state = 'scheduled' AND id IN (SELECT post_id FROM scheduled_post_gifs WHERE gif_id = ${gif.id})`.execute(
    db,
  );
  await sql`UPDATE gifs SET user_id = ${(k.caller ?? k.other).userId}, visibility = 'public' WHERE id = ${gif.id}`.execute(db);
  return { gif: gif.id };
}
/** A waiting post of `owner`'s (another's when anonymous), made straight in the store. */
async function postOf(k: MatrixCase, owner: TestUser | undefined) {
  const row = await sql<{
    id: string;
  }>`INSERT INTO scheduled_posts (user_id, publish_at) VALUES (${(owner ?? k.other).userId}, now() + interval '1 hour') RETURNING id`.execute(
    k.server.db,
  );
  return { post: row.rows[0]!.id };
}

/** A developer app of `owner`'s (another's when anonymous), made straight in the store, with its first key's id. */
async function appOf(k: MatrixCase, owner: TestUser | undefined): Promise<Record<string, string>> {
  const { appId, keyId } = await createDeveloperApp(developersDb(k.server.store.db), (owner ?? k.other).userId, {
    name: 'Matrix app',
    description: '',
    platform: 'web',
  });
  return { app: appId, key: keyId };
}
/** Developer app routes, each on the caller's own app and on another's. */
const appRoutes = (route: Omit<MatrixRoute, 'target' | 'prepare' | 'action'>): MatrixRoute[] => [
  { ...route, action: 'developer_app.manage', target: 'self', prepare: (k) => appOf(k, k.caller) },
  { ...route, action: 'developer_app.manage', target: 'other', prepare: (k) => appOf(k, k.other) },
];
/** Another user's app waiting for a decision on production. */
async function openProductionRequest(k: MatrixCase): Promise<Record<string, string>> {
  const { app } = await appOf(k, k.other);
  return { request: (await requestProduction(developersDb(k.server.store.db), app!, k.other.userId, 'matrix'))! };
}

/** Another user's application for a verified channel, open, made straight in the store. */
async function openApplication(k: MatrixCase): Promise<Record<string, string>> {
  const row = await sql<{
    id: string;
  }>`INSERT INTO channel_applications (user_id, name, links, examples, why) VALUES (${k.other.userId}, 'Matrix studio', '["https://matrix.example.test"]', '[{"url":"https://matrix.example.test/work","gif_id":null}]', 'From the matrix') RETURNING id::text AS id`.execute(
    k.server.db,
  );
  return { application: row.rows[0]!.id };
}
const applicationBody = () => ({
  name: 'Matrix studio',
  links: ['https://matrix.example.test'],
  examples: ['https://matrix.example.test/work'],
  why: 'From the matrix',
});

/** A pingback body for a real GIF, with the analytics payload its public API answer carries. */
async function pingbackBody(k: MatrixCase) {
  const gif = await k.server.call('GET', `/v1/gifs/${(await anyGif(k)).gif}?api_key=${k.server.webKey}`);
  return { payload: gif.body.data.analytics_response_payload as string };
}

export const MUTATING_ROUTES: MatrixRoute[] = [
  // Accounts and sessions.
  {
    method: 'POST',
    path: '/api/v1/accounts/',
    action: 'account.create',
    target: 'none',
    ok: 202,
    body: () => ({ username: testUsername('m'), email: `${testUsername('m')}@example.test`, password: 'a long enough password' }),
  },
  {
    method: 'POST',
    path: '/api/v1/accounts/confirm/',
    action: 'account.create',
    target: 'none',
    ok: 201,
    body: (k) => ({ token: k.vars.token }),
    prepare: async (k) => ({
      token: await requestSignup(k.server.db, {
        username: testUsername('c'),
        email: `${testUsername('c')}@example.test`,
        passwordHash: 'unused',
      }),
    }),
  },
  {
    method: 'POST',
    path: '/api/v1/session/',
    action: 'session.create',
    target: 'none',
    ok: 200,
    body: (k) => ({ login: k.vars.login, password: LOGIN_PASSWORD }),
    prepare: async (k) => ({ login: (await k.server.makeUser('user', { password: LOGIN_PASSWORD })).username }),
  },
  { method: 'DELETE', path: '/api/v1/session/', action: 'session.manage', target: 'self', ok: 200 },
  {
    method: 'DELETE',
    path: '/api/v1/sessions/{session}/',
    action: 'session.manage',
    target: 'self',
    ok: 200,
    prepare: (k) => sessionOf(k, k.caller),
  },
  {
    method: 'DELETE',
    path: '/api/v1/sessions/{session}/',
    action: 'session.manage',
    target: 'other',
    ok: 200,
    prepare: (k) => sessionOf(k, k.other),
  },
  { method: 'DELETE', path: '/api/v1/sessions/', action: 'session.manage', target: 'self', ok: 200 },
  {
    method: 'POST',
    path: '/api/v3/password/change',
    action: 'password.change',
    target: 'self',
    ok: 200,
    caller: { password: true },
    body: () => ({ current_password: CALLER_PASSWORD, new_password: 'another long passphrase' }),
  },
  {
    method: 'POST',
    path: '/api/v3/password/reset',
    action: 'password.reset',
    target: 'none',
    ok: 200,
    body: () => ({ email: `${testUsername('nobody')}@example.test` }),
  },
  {
    method: 'POST',
    path: '/api/v1/email/verify/',
    action: 'email.verify',
    target: 'none',
    ok: 200,
    body: (k) => ({ token: k.vars.token }),
    prepare: async (k) => ({ token: await issueMailedToken(k.server.db, k.other.userId, 'verify_email', k.other.email) }),
  },
  {
    method: 'POST',
    path: '/api/v1/email/verify/resend/',
    action: 'profile.edit',
    target: 'self',
    ok: 200,
    caller: { emailVerified: false },
  },
  // Profiles and roles.
  {
    method: 'PATCH',
    path: '/api/v1/users/{self}/',
    action: 'profile.edit',
    target: 'self',
    ok: 200,
    body: () => ({ display_name: 'Changed by the matrix' }),
  },
  {
    method: 'PATCH',
    path: '/api/v1/users/{other}/',
    action: 'profile.edit',
    target: 'other',
    ok: 200,
    body: () => ({ display_name: 'Changed by the matrix' }),
  },
  {
    method: 'PUT',
    path: '/api/v1/users/{other}/role/',
    action: 'role.change',
    target: 'other',
    ok: 200,
    body: () => ({ role: 'creator' }),
  },
  // Verified channels (issue 31): staff's user flags, applying, and staff's decision on an application.
  { method: 'PATCH', path: '/api/v1/users/{self}/', action: 'user.flag', target: 'self', ok: 200, body: () => ({ suppress_chrome: true }) },
  {
    method: 'PATCH',
    path: '/api/v1/users/{other}/',
    action: 'user.flag',
    target: 'other',
    ok: 200,
    body: () => ({ is_verified: true, is_public: false }),
  },
  { method: 'POST', path: '/api/v1/applications/', action: 'channel.apply', target: 'none', ok: 201, body: applicationBody },
  {
    method: 'POST',
    path: '/api/v1/applications/{application}/decision/',
    action: 'application.review',
    target: 'site',
    ok: 200,
    prepare: openApplication,
    body: () => ({ decision: 'refuse', note: 'From the matrix' }),
  },
  // Tokens.
  { method: 'POST', path: '/api/v1/tokens/', action: 'token.manage', target: 'none', ok: 201, body: () => ({ label: 'from the matrix' }) },
  {
    method: 'DELETE',
    path: '/api/v1/tokens/{token}/',
    action: 'token.manage',
    target: 'self',
    ok: 200,
    prepare: (k) => tokenOf(k, k.caller),
  },
  {
    method: 'DELETE',
    path: '/api/v1/tokens/{token}/',
    action: 'token.manage',
    target: 'other',
    ok: 200,
    prepare: (k) => tokenOf(k, k.other),
  },
  // Developer apps and keys (issue 21).
  {
    method: 'POST',
    path: '/api/v1/developer/apps/',
    action: 'developer_app.create',
    target: 'none',
    ok: 201,
    body: () => ({ name: 'Matrix app', platform: 'android' }),
  },
  ...appRoutes({ method: 'POST', path: '/api/v1/developer/apps/{app}/production/', ok: 201, body: () => ({ note: 'from the matrix' }) }),
  ...appRoutes({ method: 'POST', path: '/api/v1/developer/apps/{app}/rotate/', ok: 200, body: () => ({ grace_seconds: 60 }) }),
  ...appRoutes({ method: 'DELETE', path: '/api/v1/developer/keys/{key}/', ok: 200 }),
  {
    method: 'POST',
    path: '/api/v1/developer/production-requests/{request}/',
    action: 'developer_app.review',
    target: 'site',
    ok: 200,
    prepare: openProductionRequest,
    body: () => ({ decision: 'refused', note: 'from the matrix' }),
  },
  // Notices (issue 31): marking one's own read, one or all; another's is refused.
  {
    method: 'POST',
    path: '/api/v1/notifications/{notice}/read/',
    action: 'notice.manage',
    target: 'self',
    ok: 200,
    prepare: (k) => noticeOf(k, k.caller),
  },
  {
    method: 'POST',
    path: '/api/v1/notifications/{notice}/read/',
    action: 'notice.manage',
    target: 'other',
    ok: 200,
    prepare: (k) => noticeOf(k, k.other),
  },
  { method: 'POST', path: '/api/v1/notifications/read/', action: 'notice.manage', target: 'self', ok: 200 },
  // Favorites.
  { method: 'PUT', path: '/api/v1/favorites/{gif}/', action: 'favorite.manage', target: 'self', ok: 200, prepare: anyGif },
  { method: 'DELETE', path: '/api/v1/favorites/{gif}/', action: 'favorite.manage', target: 'self', ok: 200, prepare: anyGif },
  // GIFs (public API: Authorization token or session; the API key comes from the edge).
  {
    method: 'PUT',
    path: '/v1/gifs/{gif}/cta',
    action: 'gif.edit',
    target: 'self',
    ok: 200,
    prepare: ownGif,
    body: () => ({ link: 'https://example.test/m', text: 'Matrix' }),
  },
  {
    method: 'PUT',
    path: '/v1/gifs/{gif}/cta',
    action: 'gif.edit',
    target: 'other',
    ok: 200,
    prepare: othersGif,
    body: () => ({ link: 'https://example.test/m', text: 'Matrix' }),
  },
  { method: 'DELETE', path: '/v1/gifs/{gif}/cta', action: 'gif.edit', target: 'self', ok: 200, prepare: ownGif },
  { method: 'DELETE', path: '/v1/gifs/{gif}/cta', action: 'gif.edit', target: 'other', ok: 200, prepare: othersGif },
  // Uploads (issue 16): GIPHY's upload form, as oneself or (staff) as another; a URL upload; resumable (tus) creation and cancelling.
  { method: 'POST', path: '/v1/gifs', action: 'gif.upload', target: 'self', ok: 200, form: (k) => uploadForm(k) },
  {
    method: 'POST',
    path: '/v1/gifs',
    action: 'gif.upload',
    target: 'other',
    ok: 200,
    form: (k) => uploadForm(k, { username: '{othername}' }),
  },
  {
    method: 'POST',
    path: '/api/v1/uploads/',
    action: 'gif.upload',
    target: 'self',
    ok: 202,
    prepare: async (k) => ({ url: `${k.server.baseUrl}/media/${(await anyGif(k)).gif}/200.gif` }),
    body: (k) => ({ source_image_url: k.vars.url, tags: 'matrix' }),
  },
  { method: 'POST', path: RESUMABLE_PATH, action: 'gif.upload', target: 'self', ok: 201, headers: TUS_CREATE },
  {
    method: 'DELETE',
    path: `${RESUMABLE_PATH}/{upload}`,
    action: 'gif.edit',
    target: 'self',
    ok: 204,
    headers: { 'Tus-Resumable': '1.0.0' },
    prepare: (k) => resumableOf(k, k.caller),
  },
  {
    method: 'DELETE',
    path: `${RESUMABLE_PATH}/{upload}`,
    action: 'gif.edit',
    target: 'other',
    ok: 204,
    headers: { 'Tus-Resumable': '1.0.0' },
    prepare: (k) => resumableOf(k, k.other),
  },
  { ...TUS_PART, target: 'self', prepare: (k) => resumableOf(k, k.caller) },
  { ...TUS_PART, target: 'other', prepare: (k) => resumableOf(k, k.other) },
  // Managing GIFs.
  {
    method: 'POST',
    path: '/ajax/gif/update',
    action: 'gif.edit',
    target: 'self',
    ok: 200,
    prepare: ownGif,
    body: (k) => ({ gif_id: k.vars.gif, key: 'title', value: 'Matrix title' }),
  },
  {
    method: 'POST',
    path: '/ajax/gif/update',
    action: 'gif.edit',
    target: 'other',
    ok: 200,
    prepare: othersGif,
    body: (k) => ({ gif_id: k.vars.gif, key: 'title', value: 'Matrix title' }),
  },
  {
    method: 'PATCH',
    path: '/api/v1/gifs/{gif}/',
    action: 'gif.edit',
    target: 'self',
    ok: 200,
    prepare: ownGif,
    body: () => ({ tags: ['matrix'], visibility: 'unlisted' }),
  },
  {
    method: 'PATCH',
    path: '/api/v1/gifs/{gif}/',
    action: 'gif.edit',
    target: 'other',
    ok: 200,
    prepare: othersGif,
    body: () => ({ tags: ['matrix'], visibility: 'unlisted' }),
  },
  { method: 'DELETE', path: '/api/v1/gifs/{gif}/', action: 'gif.edit', target: 'self', ok: 200, prepare: ownGif },
  { method: 'DELETE', path: '/api/v1/gifs/{gif}/', action: 'gif.edit', target: 'other', ok: 200, prepare: othersGif },
  {
    method: 'POST',
    path: '/api/v1/gifs/bulk/',
    action: 'gif.edit',
    target: 'self',
    ok: 200,
    prepare: ownGif,
    body: (k) => ({ gif_ids: [k.vars.gif], add_tags: ['matrix'], rating: 'pg' }),
  },
  {
    method: 'POST',
    path: '/api/v1/gifs/bulk/',
    action: 'gif.edit',
    target: 'other',
    ok: 200,
    prepare: othersGif,
    body: (k) => ({ gif_ids: [k.vars.gif], add_tags: ['matrix'], rating: 'pg' }),
  },
  {
    method: 'POST',
    path: '/ajax/gif/{gif}/language-tags',
    action: 'gif.edit',
    target: 'self',
    ok: 200,
    prepare: ownGif,
    body: () => ({ tags: ['matriz'], lang: 'es' }),
  },
  {
    method: 'POST',
    path: '/ajax/gif/{gif}/language-tags',
    action: 'gif.edit',
    target: 'other',
    ok: 200,
    prepare: othersGif,
    body: () => ({ tags: ['matriz'], lang: 'es' }),
  },
  {
    method: 'DELETE',
    path: '/ajax/gif/{gif}/language-tags',
    action: 'gif.edit',
    target: 'self',
    ok: 200,
    prepare: ownGif,
    body: () => ({ tag: 'matriz', lang: 'es' }),
  },
  {
    method: 'DELETE',
    path: '/ajax/gif/{gif}/language-tags',
    action: 'gif.edit',
    target: 'other',
    ok: 200,
    prepare: othersGif,
    body: () => ({ tag: 'matriz', lang: 'es' }),
  },
  { method: 'POST', path: '/ajax/gif/{gif}/analytic/download/', action: 'gif.report_action', target: 'none', ok: 200, prepare: anyGif },
  {
    method: 'POST',
    path: '/ajax/instashare/',
    action: 'gif.share_by_mail',
    target: 'none',
    ok: 200,
    prepare: anyGif,
    body: (k) => ({ gif_id: k.vars.gif, to: `${testUsername('to')}@example.test` }),
  },
  { method: 'POST', path: '/ajax/tags/prediction/', action: 'tags.predict', target: 'none', ok: 200, form: async () => framesForm() },
  // Imaging (issue 18): trimming an uploaded file into a new GIF.
  {
    method: 'POST',
    path: '/imaging/trim',
    action: 'media.make',
    target: 'none',
    ok: 200,
    form: (k) => uploadForm(k, { start: '0.2', duration: '0.5' }),
  },
  // The GIF maker's render of an edit list (a caption over a GIF of this server).
  {
    method: 'POST',
    path: '/imaging/render',
    action: 'media.make',
    target: 'none',
    ok: 200,
    prepare: anyGif,
    body: (k) => ({ media_url: `/media/${k.vars.gif}/200.gif`, trim: { start: 0, duration: 0.3 }, captions: [{ text: 'matrix' }] }),
  },
  // Artists.
  { method: 'PATCH', path: '/api/v4/artists/{self}/', action: 'profile.edit', target: 'self', ok: 200, body: artistBody },
  { method: 'PATCH', path: '/api/v4/artists/{other}/', action: 'profile.edit', target: 'other', ok: 200, body: artistBody },
  // Channels (SPEC 7.2): a root of one's own needs channel.create; everything else manages a channel.
  {
    method: 'POST',
    path: '/api/v4/channels/',
    action: 'channel.create',
    target: 'none',
    ok: 201,
    body: () => ({ slug: newSlug(), display_name: 'Matrix root' }),
  },
  ...channelRoutes({
    method: 'POST',
    path: '/api/v4/channels/',
    ok: 201,
    body: (k) => ({ slug: newSlug(), display_name: 'Matrix child', parent: Number(k.vars.channel) }),
  }),
  ...channelRoutes({
    method: 'PATCH',
    path: '/api/v4/channels/{channel}/',
    ok: 200,
    body: () => ({ display_name: 'Changed by the matrix' }),
  }),
  ...channelRoutes({ method: 'POST', path: '/api/v4/channels/{channel}/move/', ok: 200, body: () => ({ position: 0 }) }),
  ...channelRoutes({
    method: 'POST',
    path: '/api/v4/channel-gifs/',
    ok: 200,
    body: (k) => ({ channel: Number(k.vars.channel), gif: k.vars.gif }),
  }),
  ...channelRoutes({
    method: 'POST',
    path: '/api/v4/channel-gifs/remove/',
    ok: 200,
    stocked: true,
    body: (k) => ({ channel: Number(k.vars.channel), gif: k.vars.gif }),
  }),
  ...channelRoutes({
    method: 'POST',
    path: '/api/v4/channel-ranked-tags/',
    ok: 201,
    body: (k) => ({ channel: Number(k.vars.channel), tag: 'matrix tag' }),
  }),
  ...channelRoutes({
    method: 'PATCH',
    path: '/api/v4/channel-ranked-tags/{ranked}/',
    ok: 200,
    stocked: true,
    body: () => ({ rank: 0, tag: 'renamed' }),
  }),
  ...channelRoutes({ method: 'DELETE', path: '/api/v4/channel-ranked-tags/{ranked}/', ok: 200, stocked: true }),
  // The same creation with the channel in the path.
  ...channelRoutes({ method: 'POST', path: '/api/v4/channel-ranked-tags/{channel}/', ok: 201, body: () => ({ tag: 'matrix path tag' }) }),
  ...channelRoutes({
    method: 'POST',
    path: '/api/v4/channel-magic-tags/',
    ok: 202,
    body: (k) => ({ channel: Number(k.vars.channel), tag: 'matrix tag' }),
  }),
  ...channelRoutes({ method: 'DELETE', path: '/api/v4/channel-magic-tags/{magic}/', ok: 202, stocked: true }),
  ...channelRoutes({ method: 'POST', path: '/api/v4/channel-magic-tags/{channel}/', ok: 202, body: () => ({ tag: 'matrix path tag' }) }),
  // Moderation (issue 19): anyone reports; moderators decide; staff act on accounts.
  {
    method: 'POST',
    path: '/ajax/gif/{gif}/report/',
    action: 'gif.report',
    target: 'none',
    ok: 201,
    prepare: anyGif,
    body: () => ({ reason: 'spam', note: 'From the matrix' }),
  },
  {
    method: 'POST',
    path: '/ajax/report-search',
    action: 'search.report',
    target: 'none',
    ok: 201,
    body: () => ({ reasons: ['irrelevant'], search_term: testUsername('term'), search_content_type: 'gifs' }),
  },
  {
    method: 'POST',
    path: '/api/v1/gifs/{gif}/moderation',
    action: 'gif.moderate',
    target: 'other',
    ok: 200,
    prepare: othersGif,
    body: () => ({ action: 'approve', reason: 'Checked by the matrix' }),
  },
  {
    method: 'POST',
    path: '/api/v3/content-takedown/takedown',
    action: 'takedown.file',
    target: 'none',
    ok: 201,
    prepare: othersGif,
    body: (k) => ({ items: [{ gif_id: k.vars.gif, reason: 'copyright' }], send_email: false, note: 'Filed by the matrix' }),
  },
  {
    method: 'PUT',
    path: '/api/v1/moderation/trending-blocks/',
    action: 'trending.block',
    target: 'none',
    ok: 200,
    body: () => ({ term: testUsername('block') }),
  },
  {
    method: 'DELETE',
    path: '/api/v1/moderation/trending-blocks/',
    action: 'trending.block',
    target: 'none',
    ok: 200,
    body: () => ({ term: 'never blocked' }),
  },
  // Trending searches under review (issue 30, item 5): approving a term and withdrawing an approval.
  {
    method: 'PUT',
    path: '/api/v1/moderation/trending-candidates/',
    action: 'trending.block',
    target: 'none',
    ok: 200,
    body: () => ({ term: testUsername('approve') }),
  },
  {
    method: 'DELETE',
    path: '/api/v1/moderation/trending-candidates/',
    action: 'trending.block',
    target: 'none',
    ok: 200,
    body: () => ({ term: 'never approved' }),
  },
  {
    method: 'POST',
    path: '/api/v1/users/{other}/moderation/',
    action: 'account.moderate',
    target: 'other',
    ok: 200,
    body: () => ({ action: 'warn', reason: 'Warned by the matrix' }),
  },
  // The search-report queue (issue 31): resolving a term's open reports.
  {
    method: 'POST',
    path: '/api/v1/moderation/search-reports/resolve',
    action: 'gif.moderate',
    target: 'site',
    ok: 200,
    prepare: reportedSearch,
    body: (k) => ({ term: k.vars.term, resolution: 'dismiss', reason: 'Dismissed by the matrix' }),
  },
  // Stories (SPEC 7.4): POST without story_id creates, with one updates; PUT replaces; DELETE; trending is staff's.
  {
    method: 'POST',
    path: '/api/v1/stories',
    action: 'story.create',
    target: 'none',
    ok: 201,
    body: () => ({ title: 'Matrix story', gifs: [] }),
  },
  ...storyRoutes({
    method: 'POST',
    path: '/api/v1/stories',
    ok: 200,
    body: (k) => ({ story_id: k.vars.story, title: 'Changed by the matrix' }),
  }),
  ...storyRoutes({ method: 'PUT', path: '/api/v1/stories/{story}', ok: 200, body: () => ({ title: 'Replaced by the matrix', gifs: [] }) }),
  ...storyRoutes({ method: 'DELETE', path: '/api/v1/stories/{story}', ok: 200 }),
  {
    method: 'POST',
    path: '/api/v1/stories/trending',
    action: 'story.trend',
    target: 'site',
    ok: 201,
    prepare: async (k) => ({ story: await storyOf(k, k.other, true) }),
    body: (k) => ({ story_id: k.vars.story, publish_datetime: new Date().toISOString() }),
  },
  { method: 'DELETE', path: '/api/v1/stories/trending/{story}', action: 'story.trend', target: 'site', ok: 200, prepare: trendingStory },
  // The scheduler (SPEC 7.5): one's own GIFs, one's own posts (staff: anyone's).
  {
    method: 'POST',
    path: '/schedule',
    action: 'schedule.manage',
    target: 'none',
    ok: 201,
    prepare: schedulableGif,
    body: (k) => ({
      gifs: [{ id: k.vars.gif, is_sticker: false, type: 'gif' }],
      timestamp: new Date(Date.now() + 3_600_000).toISOString(),
      public_gifs: 'private_until_publish',
    }),
  },
  { method: 'DELETE', path: '/schedule/{post}', action: 'schedule.manage', target: 'self', ok: 200, prepare: (k) => postOf(k, k.caller) },
  { method: 'DELETE', path: '/schedule/{post}', action: 'schedule.manage', target: 'other', ok: 200, prepare: (k) => postOf(k, k.other) },
  // The collectors: API key only, no principal.
  {
    method: 'POST',
    path: '/v2/pingback?apikey={key}',
    action: null,
    target: 'none',
    ok: 200,
    prepare: async (k) => ({ key: k.server.webKey, ...(await pingbackBody(k)) }),
    body: (k) => ({
      events: [
        {
          event_id: `matrix-${testUsername()}`,
          action_type: 'SEEN',
          analytics_response_payload: k.vars.payload,
          user_id: 'a1b2c3d4e5f6a7b8',
          ts: Date.now(),
          attributes: { layout_type: 'GRID' },
        },
      ],
    }),
  },
  {
    method: 'POST',
    path: '/v2/analytics?apikey={key}',
    action: null,
    target: 'none',
    ok: 200,
    prepare: async (k) => ({ key: k.server.webKey }),
    body: () => ({ events: [{ event_id: `matrix-${testUsername()}`, kind: 'page_view', user_id: 'u1', ts: Date.now(), page_path: '/' }] }),
  },
];

/** Reads that are not for everyone (issue 13, defect 4, and the accounts' own). */
export const GUARDED_READS: MatrixRoute[] = [
  { method: 'GET', path: '/api/v1/analytics/series/', action: 'analytics.read', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/analytics/series/?username={selfname}', action: 'analytics.read', target: 'self', ok: 200 },
  { method: 'GET', path: '/api/v1/analytics/series/?username={othername}', action: 'analytics.read', target: 'other', ok: 200 },
  { method: 'GET', path: '/api/v1/users/{self}/view-count/', action: 'analytics.read', target: 'self', ok: 200 },
  { method: 'GET', path: '/api/v1/users/{other}/view-count/', action: 'analytics.read', target: 'other', ok: 200 },
  { method: 'GET', path: '/api/v1/proxy-gif/{gif}/view-count/', action: 'analytics.read', target: 'self', ok: 200, prepare: ownGif },
  { method: 'GET', path: '/api/v1/proxy-gif/{gif}/view-count/', action: 'analytics.read', target: 'other', ok: 200, prepare: othersGif },
  {
    method: 'GET',
    path: '/api/v1/analytics/dashboard-trending-searches/?username={selfname}',
    action: 'analytics.read',
    target: 'self',
    ok: 200,
    openRoute: true,
  },
  {
    method: 'GET',
    path: '/api/v1/analytics/dashboard-trending-searches/?username={othername}',
    action: 'analytics.read',
    target: 'other',
    ok: 200,
    openRoute: true,
  },
  { method: 'GET', path: '/dashboard/analytics', action: 'dashboard.open', target: 'none', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/dashboard/outbox', action: 'mail.read_outbox', target: 'site', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/api/v1/sessions/', action: 'session.manage', target: 'self', ok: 200 },
  { method: 'GET', path: '/api/v1/tokens/', action: 'token.manage', target: 'self', ok: 200 },
  // Developer apps: one's own, their usage, and staff's review list.
  { method: 'GET', path: '/api/v1/developer/apps/', action: 'developer_app.manage', target: 'self', ok: 200 },
  ...appRoutes({ method: 'GET', path: '/api/v1/developer/apps/{app}/usage/', ok: 200 }),
  { method: 'GET', path: '/api/v1/developer/production-requests/', action: 'developer_app.review', target: 'site', ok: 200 },
  { method: 'GET', path: '/dashboard/developers', action: 'developer_app.create', target: 'none', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/dashboard/developers/review', action: 'developer_app.review', target: 'site', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/api/v1/favorites/', action: 'favorite.manage', target: 'self', ok: 200 },
  // Uploads: one's own quota (issue 30, item 4), with one's trust level (issue 31).
  { method: 'GET', path: '/api/v1/uploads/quota/', action: 'gif.upload', target: 'self', ok: 200 },
  // The upload page and My GIFs: anyone signed in (issue 31, trust levels).
  { method: 'GET', path: '/upload', action: 'gif.upload', target: 'none', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/dashboard', action: 'dashboard.open', target: 'none', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/api/v1/mail/outbox/', action: 'mail.read_outbox', target: 'site', ok: 200 },
  // Notices (issue 31): one's own, and their page.
  { method: 'GET', path: '/api/v1/notifications/', action: 'notice.manage', target: 'self', ok: 200 },
  { method: 'GET', path: '/dashboard/notices', action: 'notice.manage', target: 'none', ok: 200, anonymous: 302 },
  // Channels: one's own trees, update jobs, and the editor page.
  { method: 'GET', path: '/api/v4/channels?mine=true', action: 'channel.manage', target: 'self', ok: 200 },
  // Tenor's share report is a GET that counts (so no CSRF header, by its protocol): the permission of the site's own share reports.
  {
    method: 'GET',
    path: '/tenor/v2/registershare?id={gif}&key={key}',
    action: 'gif.report_action',
    target: 'none',
    ok: 200,
    prepare: async (k) => ({ ...(await anyGif(k)), key: k.server.webKey }),
  },
  ...channelRoutes({ method: 'GET', path: '/api/v4/channels/retrieve-job/?job={job}', ok: 200, stocked: true }),
  // Channels, stories and the scheduler stay a creator's though everyone signed in has a dashboard (issue 31).
  { method: 'GET', path: '/dashboard/channels', action: 'channel.create', target: 'none', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/dashboard/stories', action: 'story.create', target: 'none', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/dashboard/schedule', action: 'schedule.manage', target: 'none', ok: 200, anonymous: 302 },
  { method: 'GET', path: '/dashboard/moderation', action: 'gif.moderate', target: 'none', ok: 200, anonymous: 302 },
  // Moderation: the review queue, a GIF's reports and history, the audit trail.
  { method: 'GET', path: '/api/v1/moderation/queue/', action: 'gif.moderate', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/gifs/{gif}/moderation', action: 'gif.moderate', target: 'other', ok: 200, prepare: othersGif },
  { method: 'GET', path: '/api/v1/moderation/audit/?actor={self}', action: 'gif.moderate', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/moderation/audit/?target=search:two words', action: 'gif.moderate', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/moderation/search-reports/', action: 'gif.moderate', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/moderation/trending-blocks/', action: 'trending.block', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/moderation/trending-candidates/', action: 'trending.block', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/search-service/search/?state=removed', action: 'content.search_all', target: 'site', ok: 200 },
  { method: 'GET', path: '/api/v1/search-service/csv/?username={othername}', action: 'content.search_all', target: 'site', ok: 200 },
  // The staff console's user management: an account found by name.
  { method: 'GET', path: '/api/v1/moderation/users/?username={othername}', action: 'account.moderate', target: 'site', ok: 200 },
  // Verified channels: one's own application, and staff's queue of open ones.
  { method: 'GET', path: '/api/v1/applications/mine/', action: 'channel.apply', target: 'none', ok: 200 },
  { method: 'GET', path: '/api/v1/applications/', action: 'application.review', target: 'site', ok: 200 },
  // The scheduler's list and activity feed: the caller's own.
  { method: 'GET', path: '/schedule', action: 'schedule.manage', target: 'none', ok: 200 },
  { method: 'GET', path: '/activity', action: 'schedule.manage', target: 'none', ok: 200 },
  // Story drafts: by id, and among a user's stories with fetch_unpublished.
  ...storyRoutes({ method: 'GET', path: '/api/v1/stories/{story}', ok: 200, openRoute: true }),
  {
    method: 'GET',
    path: '/api/v1/stories?username={selfname}&fetch_unpublished=true',
    action: 'story.edit',
    target: 'self',
    ok: 200,
    openRoute: true,
  },
  {
    method: 'GET',
    path: '/api/v1/stories?username={othername}&fetch_unpublished=true',
    action: 'story.edit',
    target: 'other',
    ok: 200,
    openRoute: true,
  },
  // Imaging: a trim of this server's media (it costs CPU like an upload).
  {
    method: 'GET',
    path: '/imaging/trim?media_url=/media/{gif}/200.gif&start=0&duration=0.3',
    action: 'media.make',
    target: 'none',
    ok: 200,
    prepare: anyGif,
  },
];
