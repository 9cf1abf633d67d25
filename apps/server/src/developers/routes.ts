import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { Clock } from '../jobs/clock.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { lookupOnce } from '../permissions/ownership.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { intParam, parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import { APP_EVENTS, USAGE_DAYS_DEFAULT, USAGE_DAYS_MAX } from './constants.ts';
import { appEvent } from './events.ts';
import { AppBody, AppPath, KeyPath, ProductionBody, RotateBody } from './fields.ts';
import { baseOf, developersDb } from './schema.ts';
import { appOwner, createApp, keyOwner, listApps, requestProduction, revokeKey, rotateKey } from './store.ts';
import { appUsage } from './usage.ts';
import { describe } from '../openapi/describe.ts';
import {
  AppAnswer,
  AppsAnswer,
  AppUsageAnswer,
  KeyRevokedAnswer,
  KeyRotatedAnswer,
  ProductionAskedAnswer,
} from '@loopbox/contract/developers';

const UsageQuery = z.object({ days: intParam('days', 1, USAGE_DAYS_MAX, USAGE_DAYS_DEFAULT) });
const NOT_KEPT = { 'Cache-Control': 'no-store' };

/**
 * A developer's apps and keys (README, Developer keys): list and create apps, read a key's usage,
 * ask for production, rotate a key with a grace period, revoke a key. Each change is a domain event
 * on the app's stream in the same transaction.
 */
export function developerRoutes(deps: AuthDeps & { clock: Clock }) {
  const db = developersDb(deps.db);
  const app = new Hono<AuthEnv>();

  /** The caller may manage the app; 404 when there is none. */
  const managedApp = async (c: Parameters<typeof authorizeUser>[0], appId: string) => {
    const ownerOf = lookupOnce(() => appOwner(db, appId));
    const principal = await authorizeUser(c, 'developer_app.manage', ownerOf);
    if ((await ownerOf()) === undefined) throw new ApiError(404, `No app ${appId}`);
    return principal;
  };

  app.get(
    '/api/v1/developer/apps/',
    describe({
      tag: 'developers',
      summary: 'Your apps and their keys',
      response: AppsAnswer,
      description: 'Newest first, each with its keys (tier, hourly limit, state) and latest production request.',
      access: { permission: 'developer_app.manage' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'developer_app.manage');
      return c.json(envelope(await listApps(db, principal.userId, deps.clock()), newResponseId()), 200, NOT_KEPT);
    },
  );

  app.post(
    '/api/v1/developer/apps/',
    describe({
      tag: 'developers',
      summary: 'Create an app',
      response: AppAnswer,
      description: 'The app comes with a beta key (a low hourly limit) that works on both the GIPHY and the Tenor API.',
      access: { permission: 'developer_app.create' },
      status: 201,
      body: AppBody,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'developer_app.create');
      const input = await jsonBody(c, AppBody);
      const created = await db.transaction().execute(async (trx) => {
        const { appId, keyId } = await createApp(trx, principal.userId, input);
        await appendEvents(baseOf(trx), [
          appEvent(APP_EVENTS.created, appId, actorOf(principal, c.var.auth.address), { ...input, key: keyId, tier: 'beta' }),
        ]);
        return appId;
      });
      const listed = (await listApps(db, principal.userId, deps.clock())).find((a) => a.id === created);
      return c.json(envelope(listed, newResponseId()), 201, NOT_KEPT);
    },
  );

  app.get(
    '/api/v1/developer/apps/:app/usage/',
    describe({
      tag: 'developers',
      summary: "An app's usage",
      response: AppUsageAnswer,
      description:
        'Per key over the last `days`: calls by day and API, by endpoint, errors by status, rate-limit refusals and the pingbacks sent with it, from projections of the event log.',
      access: { permission: 'developer_app.manage' },
      params: AppPath,
      query: UsageQuery,
    }),
    async (c) => {
      const { app: appId } = parseFields(AppPath, c.req.param());
      const { days } = parseQuery(UsageQuery, c.req.query());
      await managedApp(c, appId);
      return c.json(envelope(await appUsage(db, appId, days), newResponseId()), 200, NOT_KEPT);
    },
  );

  app.post(
    '/api/v1/developer/apps/:app/production/',
    describe({
      tag: 'developers',
      summary: 'Ask for a production key',
      response: ProductionAskedAnswer,
      description: 'Staff approve or refuse with a note; 409 while a request is open or when the app is production.',
      access: { permission: 'developer_app.manage' },
      status: 201,
      params: AppPath,
      body: ProductionBody,
    }),
    async (c) => {
      const { app: appId } = parseFields(AppPath, c.req.param());
      const principal = await managedApp(c, appId);
      const { note } = await jsonBody(c, ProductionBody);
      const requestId = await db.transaction().execute(async (trx) => {
        const tier = await trx.selectFrom('developer_apps').select('tier').where('id', '=', appId).executeTakeFirstOrThrow();
        if (tier.tier === 'production') throw new ApiError(409, 'This app is already production');
        const id = await requestProduction(trx, appId, principal.userId, note);
        if (!id) throw new ApiError(409, 'A request for production is already waiting for staff');
        await appendEvents(baseOf(trx), [
          appEvent(APP_EVENTS.productionRequested, appId, actorOf(principal, c.var.auth.address), { request: id, note }),
        ]);
        return id;
      });
      return c.json(envelope({ id: requestId, app_id: appId, note }, newResponseId()), 201);
    },
  );

  app.post(
    '/api/v1/developer/apps/:app/rotate/',
    describe({
      tag: 'developers',
      summary: "Rotate an app's key",
      response: KeyRotatedAnswer,
      description: 'A new key at once; the old ones keep working for `grace_seconds`, then are refused.',
      access: { permission: 'developer_app.manage' },
      params: AppPath,
      body: RotateBody,
    }),
    async (c) => {
      const { app: appId } = parseFields(AppPath, c.req.param());
      const principal = await managedApp(c, appId);
      const { grace_seconds } = await jsonBody(c, RotateBody);
      const rotated = await db.transaction().execute(async (trx) => {
        const result = await rotateKey(trx, appId, grace_seconds, deps.clock());
        await appendEvents(baseOf(trx), [
          appEvent(APP_EVENTS.keyRotated, appId, actorOf(principal, c.var.auth.address), {
            key: result.keyId,
            replaced: result.replaced,
            grace_seconds,
          }),
        ]);
        return result;
      });
      const listed = (await listApps(db, (await appOwner(db, appId))!, deps.clock())).find((a) => a.id === appId);
      return c.json(envelope({ app: listed, key_id: rotated.keyId, replaced: rotated.replaced }, newResponseId()), 200, NOT_KEPT);
    },
  );

  app.delete(
    '/api/v1/developer/keys/:key/',
    describe({
      tag: 'developers',
      summary: 'Revoke a key',
      response: KeyRevokedAnswer,
      description: 'Refused on every server process within seconds; 409 when already revoked.',
      access: { permission: 'developer_app.manage' },
      params: KeyPath,
    }),
    async (c) => {
      const { key: keyId } = parseFields(KeyPath, c.req.param());
      const ownerOf = lookupOnce(() => keyOwner(db, keyId));
      const principal = await authorizeUser(c, 'developer_app.manage', async () => (await ownerOf())?.ownerId);
      const found = await ownerOf();
      if (!found) throw new ApiError(404, `No developer key ${keyId}`);
      const revoked = await db.transaction().execute(async (trx) => {
        const done = await revokeKey(trx, keyId);
        if (done)
          await appendEvents(baseOf(trx), [
            appEvent(APP_EVENTS.keyRevoked, found.appId, actorOf(principal, c.var.auth.address), { key: keyId }),
          ]);
        return done;
      });
      if (!revoked) throw new ApiError(409, 'This key is already revoked');
      return c.json(envelope({ id: keyId, revoked: true }, newResponseId()));
    },
  );

  return app;
}
