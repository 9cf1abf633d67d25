import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { actorOf } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { jsonBody } from '../http/json-body.ts';
import { describe } from '../openapi/describe.ts';
import { SearchReportQueueAnswer, SearchReportsResolvedAnswer } from '@loopbox/contract/moderation-search';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { intParam, parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import { MODERATION_EVENTS, PAGE_DEFAULT, PAGE_MAX, SEARCH_REPORT_RESOLUTIONS } from './constants.ts';
import { noteField, oneOf, TermBody } from './fields.ts';
import { baseOfModeration, moderationDb } from './schema.ts';
import { openSearchReportTerms, openSearchReports, searchReportsResolvedThrough } from './search-report-queue.ts';

const QueueQuery = z.object({ limit: intParam('limit', 1, PAGE_MAX, PAGE_DEFAULT), offset: intParam('offset', 0, 1_000_000, 0) });
const ResolveBody = TermBody.extend({
  resolution: oneOf('resolution', SEARCH_REPORT_RESOLUTIONS),
  reason: noteField('reason').optional(),
  through: z
    .string({ error: 'through must be a report id' })
    .regex(/^[0-9]{1,18}$/, 'through must be a report id')
    .optional(),
}).refine((b) => b.resolution !== 'act' || (b.reason ?? '') !== '', { message: 'reason must say what was done', path: ['reason'] });

/**
 * The search-report queue: `GET /api/v1/moderation/search-reports/` lists the open reports of searches
 * (`/ajax/report-search`) grouped by term, most reported first; `POST …/resolve` closes a term's open
 * reports (up to `through`, the newest the moderator saw) as dismissed or acted on. A report is open
 * until a `search.reports_resolved` event of its term covers its id: the log is the record, no table
 * holds the state. Acting itself (blocking the term from trending, hiding GIFs) uses those routes.
 */
export function searchReportRoutes(deps: AuthDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();
  const path = '/api/v1/moderation/search-reports/';

  app.get(
    path,
    describe({
      tag: 'moderation',
      summary: 'The search-report queue',
      response: SearchReportQueueAnswer,
      description:
        "Open reports of searches grouped by term, most reported first, then oldest: counts by reason, the results' content types, when, and each report's additional info (the newest few).",
      access: { permission: 'gif.moderate' },
      query: QueueQuery,
    }),
    async (c) => {
      await authorize(c, 'gif.moderate');
      const { limit, offset } = parseQuery(QueueQuery, c.req.query());
      const { terms, total } = await openSearchReportTerms(db, limit, offset);
      const reports = await openSearchReports(
        db,
        terms.map((t) => t.term),
      );
      const data = terms.map((t) => ({ ...t, reports: reports.get(t.term) ?? [] }));
      return c.json(
        {
          data,
          pagination: { total_count: total, count: data.length, offset },
          meta: { status: 200, msg: 'OK', response_id: newResponseId() },
        },
        200,
        { 'Cache-Control': 'private, no-store' },
      );
    },
  );

  app.post(
    `${path}resolve`,
    describe({
      tag: 'moderation',
      summary: "Resolve a term's search reports",
      response: SearchReportsResolvedAnswer,
      description:
        "Dismisses or records action on a term's open reports up to `through` (all open ones when absent); acting needs a reason saying what was done. Logged in the audit trail (`search:<term>`). 409 when none is open.",
      access: { permission: 'gif.moderate' },
      body: ResolveBody,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'gif.moderate');
      const body = await jsonBody(c, ResolveBody);
      const actor = actorOf(principal, c.var.auth.address);
      const resolved = await db.transaction().execute(async (trx) => {
        // The term's reports locked first, so two moderators resolving at once close each report once.
        const { rows } = await sql<{
          id: string;
        }>`SELECT id::text AS id FROM search_reports WHERE search_term = ${body.term} ORDER BY id FOR UPDATE`.execute(trx);
        const before = await searchReportsResolvedThrough(trx, body.term);
        const limit = body.through === undefined ? undefined : BigInt(body.through);
        const closing = rows.map((r) => BigInt(r.id)).filter((id) => id > before && (limit === undefined || id <= limit));
        if (closing.length === 0) return undefined;
        const through = closing[closing.length - 1]!.toString();
        await appendEvents(baseOfModeration(trx), [
          {
            type: MODERATION_EVENTS.searchReportsResolved,
            stream: 'search',
            streamId: body.term,
            payload: {
              resolution: body.resolution,
              reason: body.reason ?? '',
              through,
              reports: closing.length,
              actor: actor.userId,
              via: actor.via,
              address: actor.address,
            },
          },
        ]);
        return { through, reports: closing.length };
      });
      if (!resolved)
        throw new ApiError(409, `No open reports of the search "${body.term}"${body.through ? ` up to report ${body.through}` : ''}`);
      return c.json(envelope({ term: body.term, resolution: body.resolution, ...resolved }, newResponseId()));
    },
  );
  return app;
}
