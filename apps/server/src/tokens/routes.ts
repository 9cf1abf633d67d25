import { Hono } from 'hono';
import { z } from 'zod';
import { role, tokenLabel } from '../accounts/fields.ts';
import { baseDb, accountsDb } from '../accounts/schema.ts';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import { FieldError } from '../http/envelope.ts';
import { lesserRole } from '../permissions/roles.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { lookupOnce } from '../permissions/ownership.ts';
import { appendEvents } from '../store/events.ts';
import { createAccessToken, listTokens, revokeToken, tokenOwner } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { TokenCreatedAnswer, TokenRevokedAnswer, TokensAnswer } from '@loopbox/contract/tokens';

const CreateBody = z.object({ label: tokenLabel, scope: role.optional() });
const TokenPath = z.object({ id: z.uuid('id must be a token id') });

/**
 * Personal access tokens for `Authorization: Bearer` (stories, scheduler, scripts): GET and POST
 * /api/v1/tokens/ (list, create: the token is in this answer only), DELETE /api/v1/tokens/{id}/.
 * A token acts with its scope, never more than its owner's current role.
 */
export function tokenRoutes(deps: AuthDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/tokens/',
    describe({
      tag: 'tokens',
      summary: 'Your access tokens',
      description: 'Labels, scopes and last use; never the secrets.',
      response: TokensAnswer,
      access: { permission: 'token.manage' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'token.manage');
      return c.json(envelope(await listTokens(db, principal.userId), newResponseId()));
    },
  );

  app.post(
    '/api/v1/tokens/',
    describe({
      tag: 'tokens',
      summary: 'Create an access token',
      description: 'The secret is in this answer only. `scope` is a role no higher than yours.',
      response: TokenCreatedAnswer,
      access: { permission: 'token.manage' },
      status: 201,
      body: CreateBody,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'token.manage');
      const { label, scope = principal.role } = await jsonBody(c, CreateBody);
      if (lesserRole(scope, principal.role) !== scope)
        throw new FieldError(403, 'scope', `scope may be at most your role (${principal.role})`);
      const created = await db.transaction().execute(async (trx) => {
        const token = await createAccessToken(trx, principal.userId, { label, scope });
        await appendEvents(baseDb(trx), [
          auditEvent('token.created', principal.userId, actorOf(principal, c.var.auth.address), { token: token.id, label, scope }),
        ]);
        return token;
      });
      return c.json(envelope(created, newResponseId()), 201, { 'Cache-Control': 'no-store' });
    },
  );

  app.delete(
    '/api/v1/tokens/:id/',
    describe({
      tag: 'tokens',
      summary: 'Revoke an access token',
      response: TokenRevokedAnswer,
      access: { permission: 'token.manage' },
      params: TokenPath,
    }),
    async (c) => {
      const { id } = parseFields(TokenPath, c.req.param());
      const ownerOf = lookupOnce(() => tokenOwner(db, id));
      const principal = await authorizeUser(c, 'token.manage', ownerOf);
      const owner = await ownerOf();
      if (owner === undefined) throw new ApiError(404, 'No such live token');
      await db.transaction().execute(async (trx) => {
        await revokeToken(trx, id);
        await appendEvents(baseDb(trx), [auditEvent('token.revoked', owner, actorOf(principal, c.var.auth.address), { token: id })]);
      });
      return c.json(envelope({ id, revoked: true }, newResponseId()));
    },
  );

  return app;
}
