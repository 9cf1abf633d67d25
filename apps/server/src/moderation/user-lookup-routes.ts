import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { username } from '../accounts/fields.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { parseQuery } from '../http/parse.ts';
import { moderationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import { FoundUserAnswer } from '@loopbox/contract/moderation';

const LookupQuery = z.object({ username });

/**
 * `GET /api/v1/moderation/users/?username=`: the staff console's user management finds an account
 * by its name, public or not: its id (for the role and account actions), role, flags (verified,
 * public, attribution suppressed), suspension and how many GIFs it has. Staff only (`account.moderate`), since it shows hidden accounts.
 */
export function userLookupRoutes(deps: AuthDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.get(
    '/api/v1/moderation/users/',
    describe({
      tag: 'moderation',
      summary: 'Find an account by user name',
      response: FoundUserAnswer,
      description: "For the staff console's user management: role, state and warnings.",
      access: { permission: 'account.moderate' },
      query: LookupQuery,
    }),
    async (c) => {
      await authorizeUser(c, 'account.moderate');
      const { username: name } = parseQuery(LookupQuery, c.req.query());
      const user = await db
        .selectFrom('users as u')
        .select([
          'u.id',
          'u.username',
          'u.display_name',
          'u.role',
          'u.is_public',
          'u.is_verified',
          'u.suppress_chrome',
          'u.suspended_at',
          'u.created_at',
          sql<number>`(SELECT count(*)::int FROM gifs g WHERE g.user_id = u.id)`.as('gif_count'),
        ])
        .where(sql`lower(u.username)`, '=', name.toLowerCase())
        .executeTakeFirst();
      if (!user) throw new ApiError(404, `No user named ${name}`);
      return c.json(envelope(user, newResponseId()), 200, { 'Cache-Control': 'private, no-store' });
    },
  );
  return app;
}
