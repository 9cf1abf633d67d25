import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { parseFields } from '../http/json-body.ts';
import { gifStateSql, type GifState } from '../content-policy/states.ts';
import { describe } from '../openapi/describe.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { offset } from '../http/params.ts';
import { intParam } from '../http/parse.ts';
import { NOTICES_PAGE_DEFAULT, NOTICES_PAGE_MAX } from './constants.ts';
import { NOTICE_HEADLINES } from './messages.ts';
import { noticesDb } from './schema.ts';
import type { Rating } from '../store/schema.ts';
import type { Built } from '@loopbox/contract/common';
import { type Notice, NoticeReadAnswer, NoticesAnswer, NoticesReadAnswer } from '@loopbox/contract/notices';

const ListQuery = z.object({ limit: intParam('limit', 1, NOTICES_PAGE_MAX, NOTICES_PAGE_DEFAULT), offset });
const NoticePath = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'id must be a notice number') });
const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * A signed-in person's notices (issue 31): `GET /api/v1/notifications/` (newest first, paginated,
 * with the unread count), `POST /api/v1/notifications/{id}/read/` and `POST /api/v1/notifications/read/`
 * (all). Each notice names its GIF with the GIF's state now; notices are written by notices/record.ts.
 */
export function noticeRoutes(deps: AuthDeps) {
  const db = noticesDb(deps.db);
  const app = new Hono<AuthEnv>();
  const unreadOf = async (userId: number) =>
    Number(
      (
        await db
          .selectFrom('notifications')
          .select(sql<string>`count(*)`.as('n'))
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  app.get(
    '/api/v1/notifications/',
    describe({
      tag: 'accounts',
      summary: 'Your notices',
      description:
        "What moderators and staff did to your GIFs (held for review, approved, hidden, rated, removed, restored, taken down), each with its reason and the GIF's state now; newest first, with `unread`, the count not yet read.",
      response: NoticesAnswer,
      access: { permission: 'notice.manage' },
      query: ListQuery,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'notice.manage');
      const page = parseFields(ListQuery, c.req.query());
      const rows = await db
        .selectFrom('notifications as n')
        .leftJoin('gifs as g', 'g.id', 'n.gif_id')
        .select([
          'n.id',
          'n.kind',
          'n.reason',
          'n.rating',
          'n.gif_id',
          'n.created_at',
          'n.read_at',
          'g.title',
          sql<GifState | null>`CASE WHEN g.id IS NULL THEN NULL ELSE ${gifStateSql} END`.as('gif_state'),
          sql<string>`count(*) OVER ()`.as('total'),
        ])
        .where('n.user_id', '=', principal.userId)
        .orderBy('n.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const data = rows.map(
        (r): Built<typeof Notice> => ({
          id: String(r.id),
          kind: r.kind,
          headline: NOTICE_HEADLINES[r.kind],
          reason: r.reason,
          // Written from a moderation decision's rating, one of RATINGS.
          rating: r.rating as Rating | null,
          gif: { id: r.gif_id, title: r.title ?? '', state: r.gif_state, url: `/gifs/${r.gif_id}` },
          created_at: r.created_at,
          read: r.read_at !== null,
        }),
      );
      const total = rows[0] ? Number(rows[0].total) : 0;
      return c.json(
        {
          ...envelope(data, newResponseId(), { total_count: total, count: data.length, offset: page.offset }),
          unread: await unreadOf(principal.userId),
        },
        200,
        PRIVATE,
      );
    },
  );

  app.post(
    '/api/v1/notifications/read/',
    describe({
      tag: 'accounts',
      summary: 'Mark all your notices read',
      description: 'Answers the number marked and `unread` (0).',
      response: NoticesReadAnswer,
      access: { permission: 'notice.manage' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'notice.manage');
      const marked = await db
        .updateTable('notifications')
        .set({ read_at: new Date() })
        .where('user_id', '=', principal.userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return c.json({ ...envelope({ marked: Number(marked.numUpdatedRows) }, newResponseId()), unread: 0 }, 200, PRIVATE);
    },
  );

  app.post(
    '/api/v1/notifications/:id/read/',
    describe({
      tag: 'accounts',
      summary: 'Mark one of your notices read',
      description: "Another person's notice is refused (403); an unknown number is a 404.",
      response: NoticeReadAnswer,
      access: { permission: 'notice.manage' },
      params: NoticePath,
    }),
    async (c) => {
      const { id } = parseFields(NoticePath, c.req.param());
      const notice = await db.selectFrom('notifications').select('user_id').where('id', '=', id).executeTakeFirst();
      if (!notice) throw new ApiError(404, `Notice ${id} not found`);
      const principal = await authorizeUser(c, 'notice.manage');
      // Notices are their owner's alone: staff reach none but their own either.
      if (notice.user_id !== principal.userId) throw new ApiError(403, "Not allowed: this notice is someone else's");
      await db.updateTable('notifications').set({ read_at: new Date() }).where('id', '=', id).where('read_at', 'is', null).execute();
      return c.json({ ...envelope({ id, read: true }, newResponseId()), unread: await unreadOf(principal.userId) }, 200, PRIVATE);
    },
  );
  return app;
}
