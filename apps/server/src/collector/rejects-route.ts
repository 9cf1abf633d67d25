import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { REJECTS_WINDOW_HOURS } from './constants.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { RejectsAnswer } from '@loopbox/contract/collector';

/**
 * GET /api/v1/collector/rejects/: how many events were refused on their way to the log in the last
 * REJECTS_WINDOW_HOURS, by source and reason (the dead-letter table; no event content), for the
 * pipeline page.
 */
export function collectorRejectsRoutes(db: Kysely<Database>) {
  const app = new Hono();
  app.get(
    '/api/v1/collector/rejects/',
    describe({
      tag: 'collector',
      summary: 'Refused events by reason',
      description: `How many events the collector refused in the last ${REJECTS_WINDOW_HOURS} hours, by source and reason (no event content).`,
      access: 'anyone',
      response: RejectsAnswer,
    }),
    async (c) => {
      const since = new Date(Date.now() - REJECTS_WINDOW_HOURS * 3_600_000);
      const rows = await db
        .selectFrom('collector_rejects')
        .select(['route', 'reason', sql<string>`count(*)`.as('count'), sql<Date>`max(received_at)`.as('last')])
        .where('received_at', '>=', since)
        .groupBy(['route', 'reason'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('reason')
        .execute();
      const data = rows.map((r) => ({ source: r.route, reason: r.reason, count: Number(r.count), last_at: new Date(r.last) }));
      const answer: Built<typeof RejectsAnswer> = { since, total: data.reduce((n, r) => n + r.count, 0), data };
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    },
  );
  return app;
}
