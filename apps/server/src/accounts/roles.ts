import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { role, userIdParam } from './fields.ts';
import { baseDb, accountsDb } from './schema.ts';
import { roleOf } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { RoleChangedAnswer } from '@loopbox/contract/accounts';

const RoleBody = z.object({ role });

/** PUT /api/v1/users/{id}/role/: staff set a person's role; the last staff account cannot be demoted. */
export function roleRoutes(deps: AuthDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.put(
    '/api/v1/users/:id/role/',
    describe({
      tag: 'accounts',
      summary: "Change a user's role",
      description: 'Logged as an event with the actor.',
      response: RoleChangedAnswer,
      access: { permission: 'role.change' },
      params: userIdParam,
      body: RoleBody,
    }),
    async (c) => {
      const { id } = parseFields(userIdParam, c.req.param());
      const principal = await authorizeUser(c, 'role.change', id);
      const { role: to } = await jsonBody(c, RoleBody);
      const from = await roleOf(db, id);
      if (from === undefined) throw new ApiError(404, `User ${id} not found`);
      if (from !== to) {
        await db.transaction().execute(async (trx) => {
          if (from === 'staff') {
            const staff = await trx.selectFrom('users').select('id').where('role', '=', 'staff').forUpdate().execute();
            if (staff.length <= 1) throw new ApiError(409, 'This is the last staff account: make someone else staff first');
          }
          await trx
            .updateTable('users')
            .set({ role: to, is_staff: to === 'staff' })
            .where('id', '=', id)
            .execute();
          await appendEvents(baseDb(trx), [auditEvent('role.changed', id, actorOf(principal, c.var.auth.address), { from, to })]);
        });
      }
      return c.json(envelope({ id, role: to }, newResponseId()));
    },
  );
  return app;
}
