/**
 * The role × route matrix: every route in matrix-routes.ts, called by anonymous, user, creator,
 * moderator and staff (each by cookie session and by personal access token), answers exactly what the
 * permission table grants; a refused call changes nothing in the store. Then every cookie-authenticated
 * change without the CSRF header is refused, at the edge and again by the service behind it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, reachOf, type Owner } from '../../apps/server/src/permissions/can.ts';
import { AUDIENCES, type Audience } from '../../apps/server/src/permissions/roles.ts';
import type { Action } from '../../apps/server/src/permissions/table.ts';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../apps/server/src/auth/constants.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';
import { CALLER_PASSWORD, GUARDED_READS, MUTATING_ROUTES, type MatrixCase, type MatrixRoute } from './matrix-routes.ts';

/**
 * Every table a call could change; a refused call must leave each exactly as it was. (`jobs` is left
 * out: the job runner and the magic-tag sweep change it in the background; a refused call queues
 * no job, which the channel tables and events show.)
 */
const TABLES = [
  'users',
  'accounts',
  'account_tokens',
  'sessions',
  'access_tokens',
  'mail_outbox',
  'favorites',
  'gifs',
  'events',
  'api_keys',
  'channels',
  'channel_gifs',
  'channel_gif_removals',
  'channel_ranked_tags',
  'channel_magic_tags',
  'uploads',
  'gif_language_tags',
  'stories',
  'story_gifs',
  'trending_stories',
  'scheduled_posts',
  'scheduled_post_gifs',
  'gif_reports',
  'search_reports',
  'takedowns',
  'takedown_items',
  'blocked_trending_terms',
  'notifications',
  'channel_applications',
];
/**
 * Each table's rows as a multiset (its row count and the sum of its rows' 64-bit text hashes), all in
 * one statement: a refused call must leave every figure as it was.
 */
async function fingerprint(server: AccountsServer): Promise<Record<string, string>> {
  const tables = TABLES.map(
    (table) =>
      sql`(SELECT count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) FROM ${sql.table(table)} t) AS ${sql.ref(table)}`,
  );
  const { rows } = await sql<Record<string, string>>`SELECT ${sql.join(tables)}`.execute(server.store.db);
  return rows[0]!;
}

const LIMITS = { points: 100_000, windowS: 60 };
const label = (route: MatrixRoute) => `${route.method} ${route.path} [${route.target}]`;

describe.each(storeKinds())('role × route matrix (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind, {
      web: true,
      // URL uploads in the matrix fetch this server's own media.
      uploads: { urlAllow: ['127.0.0.1/32'] },
      attemptLimits: {
        mailsPerAddress: LIMITS,
        mailsPerEmail: LIMITS,
        loginFailuresPerAddress: LIMITS,
        loginFailuresPerAccount: LIMITS,
        confirmFailuresPerAccount: LIMITS,
        reportsPerAddress: LIMITS,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function prepare(route: MatrixRoute, who: Audience): Promise<MatrixCase> {
    const caller =
      who === 'anonymous'
        ? undefined
        : await server.makeUser(who, {
            ...(route.caller?.password ? { password: CALLER_PASSWORD } : {}),
            ...(route.caller?.emailVerified === false ? { emailVerified: false } : {}),
          });
    const other = await server.makeUser('user');
    const k: MatrixCase = { server, caller, other, vars: {} };
    k.vars = {
      self: String((caller ?? other).userId),
      selfname: (caller ?? other).username,
      other: String(other.userId),
      othername: other.username,
      ...(await route.prepare?.(k)),
    };
    return k;
  }
  const pathOf = (route: MatrixRoute, k: MatrixCase) =>
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(k.vars[name] ?? `missing-${name}`));

  /** What the permission table says this caller gets. */
  function expected(route: MatrixRoute, who: Audience, via: 'session' | 'token', k: MatrixCase): number {
    if (route.action === null) return route.ok;
    const owner: Owner | undefined =
      route.target === 'self'
        ? (k.caller?.userId ?? null)
        : route.target === 'other'
          ? k.other.userId
          : route.target === 'site'
            ? null
            : undefined;
    const subject = who === 'anonymous' ? { audience: who } : { audience: who, userId: k.caller!.userId, via };
    if (can(subject, route.action, owner)) return route.ok;
    return who === 'anonymous' ? (route.anonymous ?? 401) : 403;
  }

  /** The route's body (JSON, a form or raw bytes) and headers. */
  const payloadOf = async (route: MatrixRoute, k: MatrixCase) => ({
    ...(route.body ? { json: route.body(k) } : {}),
    ...(route.form ? { form: await route.form(k) } : {}),
    ...(route.headers ? { headers: route.headers } : {}),
    ...(route.bytes ? { body: route.bytes } : {}),
  });

  const callers: [Audience, 'session' | 'token'][] = AUDIENCES.flatMap((who): [Audience, 'session' | 'token'][] =>
    who === 'anonymous'
      ? [[who, 'session']]
      : [
          [who, 'session'],
          [who, 'token'],
        ],
  );
  const routes = [...MUTATING_ROUTES, ...GUARDED_READS];

  it.each(routes.flatMap((route) => callers.map(([who, via]) => [label(route), who, via, route] as const)))(
    '%s as %s by %s',
    async (_, who, via, route) => {
      const k = await prepare(route, who);
      const want = expected(route, who, via, k);
      const before = want === route.ok ? undefined : await fingerprint(server);
      const res = await server.call(route.method, pathOf(route, k), {
        ...(k.caller ? { as: k.caller, via } : {}),
        ...(await payloadOf(route, k)),
      });
      expect({ status: res.status, body: res.status === want ? 'as expected' : res.text }).toEqual({ status: want, body: 'as expected' });
      // Every success the matrix produces says in its envelope the status it was sent with (201 and 202 too).
      if (res.status < 300 && typeof res.body?.meta?.status === 'number') expect(res.body.meta.status).toBe(res.status);
      if (before) expect(await fingerprint(server)).toEqual(before);
      await uploadsSettled();
    },
  );

  /** A URL upload goes on in the background after its answer: the next call's fingerprints wait for it. */
  async function uploadsSettled() {
    for (let i = 0; i < 600; i++) {
      const open = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM uploads WHERE state IN ('queued', 'processing') OR (state = 'receiving' AND origin = 'url')`.execute(
        server.store.db,
      );
      if (open.rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('uploads still open after a minute');
  }

  describe('authenticate, then authorize, then validate', () => {
    /** One caller per role, made once: these calls change nothing. */
    const known = new Map<Audience, TestUser>();
    beforeAll(async () => {
      for (const who of AUDIENCES) if (who !== 'anonymous') known.set(who, await server.makeUser(who));
    });
    /** A request no route would accept: `1` for every id the path or query names, and an empty JSON body (none for a read). */
    const emptyPath = (route: MatrixRoute) => route.path.replace(/\{\w+\}/g, '1');
    /** Each guarded route once, with every action its rows name (a channel is made under `channel.create` or `channel.manage`). */
    const guarded = new Map<string, { route: MatrixRoute; actions: Action[] }>();
    for (const route of routes) {
      if (route.action === null || route.openRoute) continue;
      const key = `${route.method} ${emptyPath(route)}`;
      const seen = guarded.get(key) ?? { route, actions: [] };
      seen.actions.push(route.action);
      guarded.set(key, seen);
    }
    const grantsNone = (who: Audience, via: 'session' | 'token', actions: Action[]) =>
      actions.every((action) => reachOf(who === 'anonymous' ? { audience: who } : { audience: who, via }, action) === undefined);
    const refused = [...guarded].flatMap(([key, { route, actions }]) =>
      callers.filter(([who, via]) => grantsNone(who, via, actions)).map(([who, via]) => [key, who, via, route] as const),
    );

    it('covers every guarded route of the matrix', () => {
      expect(refused.length).toBeGreaterThan(guarded.size);
      expect([...guarded.keys()]).toEqual(
        expect.arrayContaining(['POST /api/v4/channels/', 'POST /schedule', 'DELETE /schedule/1', 'POST /api/v1/stories']),
      );
    });

    it.each(refused)(
      '%s with nothing valid in it, as %s by %s, is refused for the caller before its input is read',
      async (_, who, via, route) => {
        const caller = known.get(who);
        const res = await server.call(route.method, emptyPath(route), {
          ...(caller ? { as: caller, via } : {}),
          ...(route.method === 'GET' ? {} : { json: {} }),
        });
        const want = who === 'anonymous' ? (route.anonymous ?? 401) : 403;
        const said = res.status === 302 ? res.headers.get('location') : String(res.body?.meta?.msg ?? res.text).slice(0, 200);
        // The refusal the table's callers get: the login page for a page, its 403 page or the API's message.
        const refusal = { 302: '/login', 401: 'Sign in first', 403: route.anonymous === 302 ? '<!doctype html>' : 'Not allowed' }[want];
        expect(`${res.status} ${said}`).toMatch(new RegExp(`^${want} ${refusal}`));
      },
    );
  });

  describe('CSRF', () => {
    const changes = MUTATING_ROUTES.filter((route) => route.action !== null);
    let staff: TestUser;
    beforeAll(async () => {
      staff = await server.makeUser('staff', { password: CALLER_PASSWORD });
    });

    it.each(changes.map((route) => [label(route), route] as const))(
      '%s with the session cookie but no header is refused at the edge and by the service',
      async (_, route) => {
        const k = await prepare(route, 'staff');
        const path = pathOf(route, k);
        const payload = () => payloadOf(route, k);
        const before = await fingerprint(server);
        const atEdge = await server.call(route.method, path, { as: staff, csrf: false, ...(await payload()) });
        // Bypassing the edge, the public API's key is the caller's to add.
        const direct = path.startsWith('/v1/') ? `${path}?api_key=${server.webKey}` : path;
        const atService = await server.call(route.method, direct, { as: staff, csrf: false, direct: true, ...(await payload()) });
        // A cookie and header the attacker chose alike (say, from a sibling domain) pass the edge's compare, not the service's.
        const forged = await server.call(route.method, path, {
          cookie: `${SESSION_COOKIE}=${staff.sessionSecret}; ${CSRF_COOKIE}=forged-token`,
          ...(await payload()),
          headers: { ...route.headers, [CSRF_HEADER]: 'forged-token' },
        });
        expect([atEdge.status, atService.status, forged.status]).toEqual([403, 403, 403]);
        expect(atEdge.body.meta.msg).toContain('CSRF');
        expect(atService.body.meta.msg).toContain('CSRF');
        expect(forged.body.meta.msg).toContain('CSRF');
        expect(await fingerprint(server)).toEqual(before);
      },
    );
  });
});
