import { Hono } from 'hono';
import { actorOf } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { APP_EVENTS } from './constants.ts';
import { appEvent } from './events.ts';
import { DecisionBody, RequestPath } from './fields.ts';
import { baseOf, developersDb } from './schema.ts';
import { decideRequest, openRequests } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { OpenRequestsAnswer, RequestDecidedAnswer } from '@loopbox/contract/developers';

/** Staff's review of requests for production keys: the open ones, and a decision with a note (the app's keys change tier at once). */
export function productionReviewRoutes(deps: AuthDeps) {
  const db = developersDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/developer/production-requests/',
    describe({
      tag: 'developers',
      summary: 'Open requests for production keys',
      response: OpenRequestsAnswer,
      access: { permission: 'developer_app.review' },
    }),
    async (c) => {
      await authorizeUser(c, 'developer_app.review');
      return c.json(envelope(await openRequests(db), newResponseId()), 200, { 'Cache-Control': 'no-store' });
    },
  );

  app.post(
    '/api/v1/developer/production-requests/:request/',
    describe({
      tag: 'developers',
      summary: 'Approve or refuse a request for production',
      response: RequestDecidedAnswer,
      description: "The app's keys change tier on every process within seconds.",
      access: { permission: 'developer_app.review' },
      params: RequestPath,
      body: DecisionBody,
    }),
    async (c) => {
      const { request } = parseFields(RequestPath, c.req.param());
      const principal = await authorizeUser(c, 'developer_app.review');
      const { decision, note } = await jsonBody(c, DecisionBody);
      const decided = await db.transaction().execute(async (trx) => {
        const found = await decideRequest(trx, request, principal.userId, decision, note);
        if (!found) throw new ApiError(404, `No open request ${request}`);
        const type = decision === 'approved' ? APP_EVENTS.productionApproved : APP_EVENTS.productionRefused;
        await appendEvents(baseOf(trx), [
          appEvent(type, found.appId, actorOf(principal, c.var.auth.address), { request, note, owner: found.ownerId }),
        ]);
        return found;
      });
      return c.json(envelope({ id: request, app_id: decided.appId, decision, note }, newResponseId()));
    },
  );

  return app;
}
