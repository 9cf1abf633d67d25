import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { actorOf } from '../auth/audit.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { normaliseFreeText } from '../boundary/text.ts';
import { requireOpenable } from '../content-policy/request.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { appendEvents } from '../store/events.ts';
import { GIF_REPORT_REASONS, MODERATION_EVENTS, SEARCH_CONTENT_TYPES, SEARCH_REPORT_REASONS, SEARCH_TERM_MAX } from './constants.ts';
import { noteField, oneOf } from './fields.ts';
import { reporterKey } from './reporter.ts';
import { baseOfModeration, moderationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import { GifReportedAnswer, SearchReportedAnswer } from '@loopbox/contract/moderation';

const GifPath = z.object({ id: gifId });
const GifReportBody = z.object({ reason: oneOf('reason', GIF_REPORT_REASONS), note: noteField('note').optional() });
const SearchReportBody = z.object({
  reasons: z
    .array(oneOf('reasons', SEARCH_REPORT_REASONS), { error: 'reasons must be a list' })
    .min(1, 'reasons must name at least one reason')
    .max(SEARCH_REPORT_REASONS.length, `reasons may name at most ${SEARCH_REPORT_REASONS.length} reasons`)
    .transform((r) => [...new Set(r)]),
  additional_info: noteField('additional_info').optional(),
  search_response_id: z
    .string({ error: 'search_response_id must be text' })
    .regex(/^[A-Za-z0-9-]{0,64}$/, 'search_response_id must be a response id (letters, digits, dashes)')
    .optional(),
  search_term: z
    .string({ error: 'search_term must be text' })
    .transform(normaliseFreeText)
    .pipe(
      z.string().min(1, 'search_term must not be empty').max(SEARCH_TERM_MAX, `search_term must be at most ${SEARCH_TERM_MAX} characters`),
    ),
  search_content_type: oneOf('search_content_type', SEARCH_CONTENT_TYPES),
});

/**
 * Reports: `POST /ajax/gif/{id}/report/` (a GIF, with a reason from GIF_REPORT_REASONS and a note) and
 * `POST /ajax/report-search` (a search's results, SPEC 7.2's fields). Anyone may report; reports are
 * counted per client address (429 past `reportsPerAddress`) and kept once per reporter: a repeat
 * while the first is open changes nothing and says so. Each new report is a domain event.
 */
export function reportRoutes(deps: AuthDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/ajax/gif/:id/report/',
    describe({
      tag: 'moderation',
      summary: 'Report a GIF',
      response: GifReportedAnswer,
      description:
        'Anyone may report, with a reason from the list and a note. Limited per address (429); a repeat by the same reporter answers 200 with `duplicate: true` instead of 201.',
      access: { permission: 'gif.report' },
      status: 201,
      params: GifPath,
      body: GifReportBody,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      const principal = await authorize(c, 'gif.report');
      const body = await jsonBody(c, GifReportBody);
      await requireOpenable(c, deps.db, id);
      const address = c.var.auth.address;
      await deps.limits.count('reportsPerAddress', address);
      const actor = actorOf(principal, address);
      const reporter = reporterKey(principal, address);
      const made = await db.transaction().execute(async (trx) => {
        const row = await sql<{ id: string }>`
        INSERT INTO gif_reports (gif_id, reporter, reason, note) VALUES (${id}, ${reporter}, ${body.reason}, ${body.note ?? ''})
        ON CONFLICT (gif_id, reporter) WHERE resolved_at IS NULL DO NOTHING RETURNING id::text`.execute(trx);
        const reportId = row.rows[0]?.id;
        if (reportId === undefined) return undefined;
        await appendEvents(baseOfModeration(trx), [
          {
            type: MODERATION_EVENTS.gifReported,
            stream: 'gif',
            streamId: id,
            payload: { report: reportId, reason: body.reason, note: body.note ?? '', actor: actor.userId, via: actor.via, address },
          },
        ]);
        return reportId;
      });
      return c.json(
        envelope({ gif_id: id, reported: true, duplicate: made === undefined, ...(made ? { report_id: made } : {}) }, newResponseId()),
        made ? 201 : 200,
      );
    },
  );

  app.post(
    '/ajax/report-search',
    describe({
      tag: 'moderation',
      summary: 'Report a search',
      response: SearchReportedAnswer,
      description: 'Reasons and what the search answered; limited and deduplicated like GIF reports.',
      access: { permission: 'search.report' },
      status: 201,
      body: SearchReportBody,
    }),
    async (c) => {
      const principal = await authorize(c, 'search.report');
      const body = await jsonBody(c, SearchReportBody);
      const address = c.var.auth.address;
      await deps.limits.count('reportsPerAddress', address);
      const actor = actorOf(principal, address);
      const reporter = reporterKey(principal, address);
      const term = body.search_term.toLowerCase();
      const made = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('search_reports')
          .values({
            reporter,
            reasons: body.reasons,
            additional_info: body.additional_info ?? '',
            search_response_id: body.search_response_id ?? '',
            search_term: term,
            search_content_type: body.search_content_type,
          })
          .onConflict((oc) => oc.columns(['reporter', 'search_term', 'search_content_type']).doNothing())
          .returning(sql<string>`id::text`.as('id'))
          .executeTakeFirst();
        if (!row) return undefined;
        await appendEvents(baseOfModeration(trx), [
          {
            type: MODERATION_EVENTS.searchReported,
            stream: 'search',
            streamId: term,
            payload: {
              report: row.id,
              reasons: body.reasons,
              additional_info: body.additional_info ?? '',
              search_response_id: body.search_response_id ?? '',
              search_content_type: body.search_content_type,
              actor: actor.userId,
              via: actor.via,
              address,
            },
          },
        ]);
        return row.id;
      });
      return c.json(
        envelope(
          { search_term: term, reported: true, duplicate: made === undefined, ...(made ? { report_id: made } : {}) },
          newResponseId(),
        ),
        made ? 201 : 200,
      );
    },
  );
  return app;
}
