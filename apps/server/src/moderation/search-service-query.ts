import { sql, type RawBuilder } from 'kysely';
import { gifStateSql } from '../content-policy/states.ts';
import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import { rating } from '../public-api/params.ts';
import { intParam } from '../http/parse.ts';
import { CONTENT_STATES, GIF_TYPES, SEARCH_SERVICE_PAGE_MAX, SEARCH_TERM_MAX } from './constants.ts';
import { oneOf } from './fields.ts';
import type { ModerationDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { ContentRow as ContentRowSchema } from '@loopbox/contract/moderation-search';

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((d) => !Number.isNaN(Date.parse(d)), `${name} must be a real date`);

/** The search service's filters (GET /api/v1/search-service/search/ and /csv/). */
export const SearchServiceQuery = z.object({
  q: z
    .string()
    .transform(normaliseFreeText)
    .pipe(z.string().max(SEARCH_TERM_MAX, `q must be at most ${SEARCH_TERM_MAX} characters`))
    .optional(),
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{2,40}$/, 'username must be 2 to 40 letters, digits or _')
    .optional(),
  rating: rating.optional(),
  state: oneOf('state', CONTENT_STATES).optional(),
  type: oneOf('type', GIF_TYPES).optional(),
  uploaded_from: day('uploaded_from').optional(),
  uploaded_to: day('uploaded_to').optional(),
  min_reports: intParam('min_reports', 0, 1_000_000, 0),
  limit: intParam('limit', 1, SEARCH_SERVICE_PAGE_MAX, 25),
  offset: intParam('offset', 0, 1_000_000, 0),
});
export type SearchServiceFilters = z.infer<typeof SearchServiceQuery>;

export type ContentRow = Built<typeof ContentRowSchema> & {
  /** create_datetime as the store's text, to the microsecond (a Date keeps milliseconds): the key of the next page. */
  created_key: string;
};

/** Where a page ends: the next page of a streamed export starts after it (newest first, ties by id). */
export interface After {
  created: string;
  id: string;
}

/**
 * Every GIF matching the filters, whatever its visibility or state, newest upload first. `after`
 * pages by key (the CSV export), else `offset` (the JSON listing).
 */
export async function searchAllContent(
  db: ModerationDb,
  f: SearchServiceFilters,
  page: { limit: number; offset?: number; after?: After },
): Promise<ContentRow[]> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (f.q)
    where.push(
      sql`(g.search @@ plainto_tsquery('english', ${f.q}) OR lower(g.title) LIKE ${`%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
    );
  if (f.username) where.push(sql`lower(u.username) = ${f.username.toLowerCase()}`);
  if (f.rating) where.push(sql`g.rating = ${f.rating}`);
  if (f.state) where.push(sql`${gifStateSql} = ${f.state}`);
  if (f.type) where.push(sql`g.type = ${f.type}`);
  if (f.uploaded_from) where.push(sql`g.create_datetime >= ${f.uploaded_from}::date`);
  if (f.uploaded_to) where.push(sql`g.create_datetime < ${f.uploaded_to}::date + 1`);
  if (f.min_reports > 0) where.push(sql`coalesce(r.n, 0) >= ${f.min_reports}`);
  if (page.after) where.push(sql`(g.create_datetime, g.id) < (${page.after.created}::timestamptz, ${page.after.id})`);
  const { rows } = await sql<ContentRow>`
    SELECT g.id, g.title, g.type, g.rating, u.username, g.tags, ${gifStateSql} AS state, g.visibility, g.moderation_state, g.is_removed, g.nsfw_score,
      coalesce(r.n, 0)::int AS reports, g.create_datetime, g.create_datetime::text AS created_key
    FROM gifs g
    LEFT JOIN users u ON u.id = g.user_id
    LEFT JOIN LATERAL (SELECT count(*) AS n FROM gif_reports WHERE gif_id = g.id) r ON true
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY g.create_datetime DESC, g.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`.execute(db);
  return rows;
}
