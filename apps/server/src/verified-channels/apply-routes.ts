import { Hono } from 'hono';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { jsonBody } from '../http/json-body.ts';
import { originOf } from '../http/origin.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { CHANNEL_EVENTS } from './constants.ts';
import { resolveExamples } from './examples.ts';
import { ApplicationBody } from './fields.ts';
import { applicationsDb, baseOfApplications } from './schema.ts';
import { latestApplication, submitApplication } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { ApplicationAnswer, MyApplicationAnswer } from '@loopbox/contract/verified-channels';

/**
 * This site's origin for an example given as a bare GIF id (the mailed-link origin: never a request
 * header, since staff open these links), and the hosts whose links are this site's GIFs.
 */
function siteOf(requestOrigin: string, deps: AuthDeps & MailDeps): { origin: string; hosts: string[] } {
  let origin = requestOrigin;
  try {
    origin = deps.linkOrigin.get();
  } catch {
    // Not listening yet (never while serving): the request's origin stands in.
  }
  return { origin, hosts: [...new Set([new URL(requestOrigin).host, new URL(origin).host])] };
}

/**
 * `POST /api/v1/applications/`: a signed-in person applies for a verified channel (one open
 * application at a time); `GET /api/v1/applications/mine/`: their latest application and its state.
 */
export function applyRoutes(deps: AuthDeps & MailDeps) {
  const db = applicationsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/api/v1/applications/',
    describe({
      tag: 'verified-channels',
      summary: 'Apply for a verified channel',
      description:
        "Name, 1 to 5 links, 1 to 10 examples (this site's GIF ids or links, or other URLs) and why. One open application per person (409 while one waits).",
      response: ApplicationAnswer,
      access: { permission: 'channel.apply' },
      body: ApplicationBody,
      status: 201,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'channel.apply');
      const input = await jsonBody(c, ApplicationBody);
      const site = siteOf(originOf(c, deps), deps);
      const examples = await resolveExamples(db, input.examples, site.origin, site.hosts);
      await db.transaction().execute(async (trx) => {
        const id = await submitApplication(trx, principal.userId, { ...input, examples });
        await appendEvents(baseOfApplications(trx), [
          auditEvent(CHANNEL_EVENTS.applied, principal.userId, actorOf(principal, c.var.auth.address), {
            application: id,
            name: input.name,
          }),
        ]);
      });
      return c.json(envelope(await latestApplication(db, principal.userId), newResponseId()), 201, { 'Cache-Control': 'no-store' });
    },
  );

  app.get(
    '/api/v1/applications/mine/',
    describe({
      tag: 'verified-channels',
      summary: 'Your application for a verified channel',
      description: "The latest one and its state (open, approved or refused, with the staff's note); `null` when you never applied.",
      response: MyApplicationAnswer,
      access: { permission: 'channel.apply' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'channel.apply');
      return c.json(envelope((await latestApplication(db, principal.userId)) ?? null, newResponseId()), 200, {
        'Cache-Control': 'private, no-store',
      });
    },
  );

  return app;
}
