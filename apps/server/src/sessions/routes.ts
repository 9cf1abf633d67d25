import { Hono } from 'hono';
import { z } from 'zod';
import { currentPassword } from '../accounts/fields.ts';
import { baseDb, accountsDb } from '../accounts/schema.ts';
import { accountByLogin } from '../accounts/store.ts';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import { FieldError } from '../http/envelope.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { lookupOnce } from '../permissions/ownership.ts';
import { appendEvents } from '../store/events.ts';
import { clearSessionCookies } from './cookies.ts';
import { signedInAnswer, startSession } from './start.ts';
import { listSessions, revokeSessions, sessionOwner } from './store.ts';
import { refuseIfSuspended } from '../moderation/suspension.ts';
import { describe } from '../openapi/describe.ts';
import { LoggedOutAnswer, SessionEndedAnswer, SessionsAnswer, SessionsEndedAnswer, SignedInAnswer } from '@loopbox/contract/sessions';

const LoginBody = z.object({
  login: z.string({ error: 'login is required' }).trim().min(1, 'login is required').max(254, 'login must be at most 254 characters'),
  password: currentPassword,
});
const SessionPath = z.object({ id: z.uuid('id must be a session id') });

/**
 * Logging in and out, and a person's sessions: POST /api/v1/session/ (log in with username or
 * e-mail and password), DELETE /api/v1/session/ (log out), GET /api/v1/sessions/ (live sessions),
 * DELETE /api/v1/sessions/{id}/ (end one), DELETE /api/v1/sessions/ (log out everywhere).
 */
export function sessionRoutes(deps: AuthDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/api/v1/session/',
    describe({
      tag: 'accounts',
      summary: 'Log in',
      description:
        'By user name or e-mail and password; sets the session and CSRF cookies. Failed logins are limited per account and per address (429).',
      response: SignedInAnswer,
      access: { permission: 'session.create' },
      body: LoginBody,
    }),
    async (c) => {
      const principal = await authorize(c, 'session.create');
      const { login, password } = await jsonBody(c, LoginBody);
      const address = c.var.auth.address;
      await deps.limits.check('loginFailuresPerAddress', address);
      const account = await accountByLogin(db, login);
      // One budget per account whichever name for it is typed; an unknown name has its own.
      const accountKey = account ? `user:${account.userId}` : `login:${login}`;
      await deps.limits.check('loginFailuresPerAccount', accountKey);
      // An unknown login costs the same scrypt as a known one (verifyPassword against an unusable hash).
      if (!(await verifyPassword(password, account?.passwordHash ?? null)) || !account) {
        await deps.limits.count('loginFailuresPerAddress', address);
        await deps.limits.count('loginFailuresPerAccount', accountKey);
        throw new FieldError(401, 'password', 'The username or e-mail and the password do not match');
      }
      await deps.limits.clear('loginFailuresPerAccount', accountKey);
      await refuseIfSuspended(deps.db, account.userId);
      const session = await db
        .transaction()
        .execute((trx) => startSession(c, trx, account.userId, actorOf(principal, address), 'password'));
      return c.json(envelope(signedInAnswer(c, session, account, deps.publicUrl), newResponseId()));
    },
  );

  app.delete(
    '/api/v1/session/',
    describe({
      tag: 'accounts',
      summary: 'Log out',
      description: 'Ends the current session and clears its cookies.',
      response: LoggedOutAnswer,
      access: { permission: 'session.manage' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'session.manage');
      if (!principal.sessionId) throw new ApiError(400, 'Only a cookie session can log out');
      const sessionId = principal.sessionId;
      await db.transaction().execute(async (trx) => {
        await revokeSessions(trx, principal.userId, { only: sessionId });
        await appendEvents(baseDb(trx), [
          auditEvent('session.revoked', principal.userId, actorOf(principal, c.var.auth.address), { session: sessionId, reason: 'logout' }),
        ]);
      });
      clearSessionCookies(c, deps.publicUrl);
      return c.json(envelope({ logged_out: true }, newResponseId()));
    },
  );

  app.get(
    '/api/v1/sessions/',
    describe({ tag: 'accounts', summary: 'Your sessions', response: SessionsAnswer, access: { permission: 'session.manage' } }),
    async (c) => {
      const principal = await authorizeUser(c, 'session.manage');
      const sessions = await listSessions(db, principal.userId);
      return c.json(
        envelope(
          sessions.map((s) => ({ ...s, current: s.id === principal.sessionId })),
          newResponseId(),
        ),
      );
    },
  );

  app.delete(
    '/api/v1/sessions/:id/',
    describe({
      tag: 'accounts',
      summary: 'End a session',
      response: SessionEndedAnswer,
      access: { permission: 'session.manage' },
      params: SessionPath,
    }),
    async (c) => {
      const { id } = parseFields(SessionPath, c.req.param());
      const ownerOf = lookupOnce(() => sessionOwner(db, id));
      const principal = await authorizeUser(c, 'session.manage', ownerOf);
      const owner = await ownerOf();
      if (owner === undefined) throw new ApiError(404, 'No such live session');
      await db.transaction().execute(async (trx) => {
        await revokeSessions(trx, owner, { only: id });
        await appendEvents(baseDb(trx), [
          auditEvent('session.revoked', owner, actorOf(principal, c.var.auth.address), { session: id, reason: 'revoked' }),
        ]);
      });
      if (id === principal.sessionId) clearSessionCookies(c, deps.publicUrl);
      return c.json(envelope({ id, revoked: true }, newResponseId()));
    },
  );

  app.delete(
    '/api/v1/sessions/',
    describe({
      tag: 'accounts',
      summary: 'End every session',
      description: 'Signs you out everywhere, this session included.',
      response: SessionsEndedAnswer,
      access: { permission: 'session.manage' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'session.manage');
      const revoked = await db.transaction().execute(async (trx) => {
        const ids = await revokeSessions(trx, principal.userId);
        await appendEvents(baseDb(trx), [
          auditEvent('session.revoked_all', principal.userId, actorOf(principal, c.var.auth.address), { sessions: ids }),
        ]);
        return ids.length;
      });
      clearSessionCookies(c, deps.publicUrl);
      return c.json(envelope({ revoked }, newResponseId()));
    },
  );

  return app;
}
