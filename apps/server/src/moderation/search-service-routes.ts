import { stringify } from 'csv-stringify/sync';
import { Hono } from 'hono';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { parseQuery } from '../http/parse.ts';
import { newResponseId } from '../http/envelope.ts';
import { CSV_CHUNK_ROWS } from './constants.ts';
import { searchAllContent, SearchServiceQuery, type After, type ContentRow } from './search-service-query.ts';
import { moderationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import { ContentSearchAnswer } from '@loopbox/contract/moderation-search';

const CSV_COLUMNS = [
  'id',
  'title',
  'type',
  'rating',
  'username',
  'tags',
  'state',
  'visibility',
  'moderation_state',
  'is_removed',
  'nsfw_score',
  'reports',
  'create_datetime',
] as const;

const present = ({ created_key: _key, ...row }: ContentRow) => row;
const csvCells = (row: ContentRow) => [
  row.id,
  row.title,
  row.type,
  row.rating,
  row.username ?? '',
  row.tags.join(', '),
  row.state,
  row.visibility,
  row.moderation_state,
  String(row.is_removed),
  row.nsfw_score ?? '',
  row.reports,
  new Date(row.create_datetime).toISOString(),
];
/** RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with '. */
const toCsv = (rows: unknown[][]) => stringify(rows, { escape_formulas: true, record_delimiter: 'windows' });

/**
 * The search service for staff: `GET /api/v1/search-service/search/` over all content (private,
 * hidden and removed GIFs included) with filters and paging, and `…/csv/` streaming the same query
 * as CSV, CSV_CHUNK_ROWS rows per short query paged by key, so memory stays flat for any size.
 */
export function searchServiceRoutes(deps: AuthDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/search-service/search/',
    describe({
      tag: 'moderation',
      summary: 'Search all content',
      response: ContentSearchAnswer,
      description: 'Every GIF, private, hidden and removed ones included, with filters and paging.',
      access: { permission: 'content.search_all' },
      query: SearchServiceQuery,
    }),
    async (c) => {
      await authorize(c, 'content.search_all');
      const filters = parseQuery(SearchServiceQuery, c.req.query());
      const rows = await searchAllContent(db, filters, { limit: filters.limit + 1, offset: filters.offset });
      const data = rows.slice(0, filters.limit).map(present);
      return c.json({
        data,
        pagination: { count: data.length, offset: filters.offset, has_more: rows.length > filters.limit },
        meta: { status: 200, msg: 'OK', response_id: newResponseId() },
      });
    },
  );

  app.get(
    '/api/v1/search-service/csv/',
    describe({
      tag: 'moderation',
      summary: 'Search all content as CSV',
      description: 'The same query streamed as CSV in constant memory; cells that a spreadsheet would read as a formula are neutralised.',
      access: { permission: 'content.search_all' },
      query: SearchServiceQuery,
      responseType: 'text/csv',
    }),
    async (c) => {
      await authorize(c, 'content.search_all');
      const filters = parseQuery(SearchServiceQuery, c.req.query());
      let after: After | undefined;
      let started = false;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!started) {
              started = true;
              controller.enqueue(encoder.encode(toCsv([[...CSV_COLUMNS]])));
            }
            const rows = await searchAllContent(db, filters, { limit: CSV_CHUNK_ROWS, ...(after ? { after } : {}) });
            if (rows.length > 0) controller.enqueue(encoder.encode(toCsv(rows.map(csvCells))));
            const last = rows.at(-1);
            if (!last || rows.length < CSV_CHUNK_ROWS) controller.close();
            else after = { created: last.created_key, id: last.id };
          },
        },
        { highWaterMark: 0 },
      );
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="loopbox-content.csv"',
        'Cache-Control': 'no-store',
      });
    },
  );
  return app;
}
