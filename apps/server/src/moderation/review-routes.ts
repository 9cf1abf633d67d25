import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { parseFields } from '../http/json-body.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { intParam, parseQuery } from '../http/parse.ts';
import type { StoredImages } from '../store/schema.ts';
import { auditTrail } from './audit-trail.ts';
import { PAGE_DEFAULT, PAGE_MAX } from './constants.ts';
import { auditTarget } from './fields.ts';
import { previewPath } from './preview.ts';
import { moderationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { AuditAnswer, GifModerationAnswer, QueueAnswer, type QueueItem } from '@loopbox/contract/moderation-review';
import { gifStateSql } from '../content-policy/states.ts';

const GifPath = z.object({ id: gifId });
const QueueQuery = z.object({ limit: intParam('limit', 1, PAGE_MAX, PAGE_DEFAULT), offset: intParam('offset', 0, 1_000_000, 0) });
const AuditQuery = z.object({
  target: auditTarget.optional(),
  actor: z
    .string()
    .regex(/^[0-9]{1,10}$/, 'actor must be a user id')
    .transform(Number)
    .optional(),
  before: z
    .string()
    .regex(/^[0-9]{1,19}$/, 'before must be an event number')
    .optional(),
  limit: intParam('limit', 1, PAGE_MAX, PAGE_DEFAULT),
});

type QueueRow = Omit<Built<typeof QueueItem>, 'preview'> & { images: StoredImages };

/**
 * What moderators read: `GET /api/v1/moderation/queue/` (reported GIFs and those waiting for a
 * decision, most reported first, then oldest), `GET /api/v1/gifs/{id}/moderation` (a GIF's state,
 * NSFW score, reports and history, whatever its state) and `GET /api/v1/moderation/audit/` (the
 * audit trail by target and/or actor).
 */
export function reviewRoutes(deps: AuthDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/moderation/queue/',
    describe({
      tag: 'moderation',
      summary: 'The review queue',
      response: QueueAnswer,
      description:
        "GIFs with open reports or waiting for a decision (`moderation_state` `pending`: held by the NSFW check or pre-moderation; `in_review`: a new account's upload, open by its link, listed once approved), most reported first, then oldest, with NSFW score, suggested rating and reports. `approve` lists a GIF in review and counts toward its owner's trust.",
      access: { permission: 'gif.moderate' },
      query: QueueQuery,
    }),
    async (c) => {
      await authorize(c, 'gif.moderate');
      const { limit, offset } = parseQuery(QueueQuery, c.req.query());
      const waiting = sql`
      WITH waiting AS (
        SELECT gif_id AS id FROM gif_reports WHERE resolved_at IS NULL
        UNION SELECT id FROM gifs WHERE moderation_state = 'pending'
        UNION SELECT id FROM gifs g WHERE g.moderation_state = 'in_review' AND ${gifStateSql} = 'in_review')`;
      const { rows } = await sql<QueueRow>`
      ${waiting}
      SELECT g.id, g.title, g.rating, g.moderation_state, g.nsfw_score, g.suggested_rating, g.images, u.username, g.create_datetime,
        coalesce(r.open_reports, 0)::int AS open_reports, coalesce(r.reasons, '{}') AS reasons, r.first_reported_at
      FROM waiting w JOIN gifs g ON g.id = w.id AND NOT g.is_removed
      LEFT JOIN users u ON u.id = g.user_id
      LEFT JOIN LATERAL (
        SELECT count(*) AS open_reports, array_agg(DISTINCT reason ORDER BY reason) AS reasons, min(created_at) AS first_reported_at
        FROM gif_reports WHERE gif_id = g.id AND resolved_at IS NULL) r ON true
      ORDER BY coalesce(r.open_reports, 0) DESC, coalesce(r.first_reported_at, g.create_datetime), g.id
      LIMIT ${limit} OFFSET ${offset}`.execute(db);
      const total = await sql<{
        n: number;
      }>`${waiting} SELECT count(*)::int AS n FROM waiting w JOIN gifs g ON g.id = w.id AND NOT g.is_removed`.execute(db);
      const data = rows.map(({ images, ...row }) => ({ ...row, preview: previewPath(row.id, images) }));
      return c.json({
        data,
        pagination: { total_count: total.rows[0]!.n, count: data.length, offset },
        meta: { status: 200, msg: 'OK', response_id: newResponseId() },
      });
    },
  );

  app.get(
    '/api/v1/gifs/:id/moderation',
    describe({
      tag: 'moderation',
      summary: "A GIF's moderation detail",
      response: GifModerationAnswer,
      description: 'Its state, reports and decision history.',
      access: { permission: 'gif.moderate' },
      params: GifPath,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      await authorize(c, 'gif.moderate');
      const gif = await db
        .selectFrom('gifs as g')
        .leftJoin('users as u', 'u.id', 'g.user_id')
        .select([
          'g.id',
          'g.title',
          'g.tags',
          'g.rating',
          'g.visibility',
          'g.is_hidden',
          'g.is_removed',
          'g.moderation_state',
          'g.nsfw_score',
          'g.suggested_rating',
          'g.images',
          'g.create_datetime',
          'g.user_id',
          'u.username',
        ])
        .where('g.id', '=', id)
        .executeTakeFirst();
      if (!gif) throw new ApiError(404, `GIF ${id} not found`);
      const reports = await db
        .selectFrom('gif_reports')
        .select([sql<string>`id::text`.as('id'), 'reporter', 'reason', 'note', 'created_at', 'resolved_at', 'resolution'])
        .where('gif_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(PAGE_MAX)
        .execute();
      const history = await auditTrail(db, { target: { stream: 'gif', id }, limit: PAGE_MAX });
      const { images, ...rest } = gif;
      return c.json(envelope({ ...rest, preview: previewPath(id, images), reports, history }, newResponseId()));
    },
  );

  app.get(
    '/api/v1/moderation/audit/',
    describe({
      tag: 'moderation',
      summary: 'The audit trail',
      response: AuditAnswer,
      description:
        "Reports, decisions, takedowns, search report resolutions and account actions, newest first by the log's sequence number, by target (`gif:<id>`, `user:<id>`, `takedown:<id>`, `search:<term>`, `trending_term:<term>`; a term may hold spaces) or actor. Each entry names its actor (`actor_username`, `actor_role`) and says whether it was a user, an anonymous visitor or the system (`actor_kind`).",
      access: { permission: 'gif.moderate' },
      query: AuditQuery,
    }),
    async (c) => {
      await authorize(c, 'gif.moderate');
      const query = parseQuery(AuditQuery, c.req.query());
      const entries = await auditTrail(db, query);
      const next = entries.length === query.limit ? entries[entries.length - 1]!.seq : null;
      return c.json(envelope({ entries, next_before: next }, newResponseId()));
    },
  );
  return app;
}
