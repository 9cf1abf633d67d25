import { Hono } from 'hono';
import { PURGE_HEADER } from '@loopbox/edge';
import { accountsDb } from '../accounts/schema.ts';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents, type NewEvent } from '../store/events.ts';
import { CHANNEL_EVENTS } from './constants.ts';
import { ApplicationPath, DecisionBody } from './fields.ts';
import { applicationRefusedMessage, applicationApprovedMessage } from './messages.ts';
import { applicationsDb, baseOfApplications } from './schema.ts';
import { decideApplication, openApplications } from './store.ts';
import { userPurgeTags } from './user-flags.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { type ApplicationDecided, ApplicationDecidedAnswer, OpenApplicationsAnswer } from '@loopbox/contract/verified-channels';

/**
 * Staff's review of verified-channel applications: the open ones (oldest first, with a tile for each
 * example that is this site's GIF), and approve or refuse with a note. Either way the applicant is
 * mailed; approving sets the verified badge and makes a `user` a `creator`, each logged on their stream.
 */
export function applicationReviewRoutes(deps: AuthDeps & MailDeps) {
  const db = applicationsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/applications/',
    describe({
      tag: 'verified-channels',
      summary: 'Open applications for verified channels',
      description: "Oldest first, with the applicant and a tile for each example that is this site's GIF.",
      response: OpenApplicationsAnswer,
      access: { permission: 'application.review' },
    }),
    async (c) => {
      await authorizeUser(c, 'application.review');
      return c.json(envelope(await openApplications(db), newResponseId()), 200, { 'Cache-Control': 'private, no-store' });
    },
  );

  app.post(
    '/api/v1/applications/:application/decision/',
    describe({
      tag: 'verified-channels',
      summary: 'Approve or refuse an application',
      description:
        'With a note (required to refuse), mailed to the applicant. Approving sets the verified badge and makes a `user` a `creator`; logged in the audit trail.',
      response: ApplicationDecidedAnswer,
      access: { permission: 'application.review' },
      params: ApplicationPath,
      body: DecisionBody,
    }),
    async (c) => {
      const { application } = parseFields(ApplicationPath, c.req.param());
      const principal = await authorizeUser(c, 'application.review');
      const { decision, note } = await jsonBody(c, DecisionBody);
      const approve = decision === 'approve';
      const actor = actorOf(principal, c.var.auth.address);
      const origin = deps.linkOrigin.get();
      const decided = await db.transaction().execute(async (trx) => {
        const done = await decideApplication(trx, application, principal.userId, approve, note);
        if (!done) throw new ApiError(404, `No open application ${application}`);
        const events: NewEvent[] = [
          auditEvent(approve ? CHANNEL_EVENTS.approved : CHANNEL_EVENTS.refused, done.userId, actor, { application, note }),
        ];
        if (approve && !done.wasVerified)
          events.push(
            auditEvent(CHANNEL_EVENTS.flagsChanged, done.userId, actor, {
              changes: { is_verified: { from: false, to: true } },
              application,
            }),
          );
        if (done.roleFrom !== done.roleTo)
          events.push(auditEvent('role.changed', done.userId, actor, { from: done.roleFrom, to: done.roleTo, application }));
        await appendEvents(baseOfApplications(trx), events);
        if (done.email) {
          const message = approve
            ? applicationApprovedMessage(origin, done.username, done.name, note, done.roleTo !== done.roleFrom)
            : applicationRefusedMessage(origin, done.username, done.name, note);
          await enqueueMail(accountsDb(baseOfApplications(trx)), done.email, message);
        }
        return done;
      });
      if (decided.email) deps.onMailQueued?.();
      const answer: Built<typeof ApplicationDecided> = {
        id: application,
        state: approve ? 'approved' : 'refused',
        user_id: decided.userId,
        role: decided.roleTo,
        is_verified: approve || decided.wasVerified,
        note,
      };
      return c.json(envelope(answer, newResponseId()), 200, approve ? { [PURGE_HEADER]: userPurgeTags() } : {});
    },
  );

  return app;
}
