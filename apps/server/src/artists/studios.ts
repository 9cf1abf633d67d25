import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { UserRow } from '../content/gif-row.ts';
import { channelOpenScope } from '../content-policy/channels.ts';
import { listedScope } from '../content-policy/access.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { type Studio, StudiosAnswer } from '@loopbox/contract/artists';
import { linksOf } from '../http/origin.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { offset } from '../http/params.ts';
import { parseQuery } from '../http/parse.ts';
import { presentUser } from '../public-api/present.ts';
import { creatorsDb } from '../uploads/schema.ts';
import { STUDIO_CHANNELS_SHOWN, STUDIOS_PAGE_SIZE } from './constants.ts';

const StudiosQuery = z.object({ offset });

interface StudioRow {
  user: UserRow;
  gif_count: number;
  channels: { slug: string; display_name: string }[] | null;
  total: string;
}

/**
 * `GET /api/v4/studios/`: the verified users (`is_verified`, whoever set it: seed, staff) that are
 * public, with how many listed GIFs they have and their open top-level channels, most GIFs first,
 * STUDIOS_PAGE_SIZE a page from `offset`. What /studios shows.
 */
export function studioRoutes(deps: AuthDeps) {
  const db = creatorsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.get(
    '/api/v4/studios/',
    describe({
      tag: 'artists',
      summary: 'Studios',
      description:
        'The verified public users (studios, brands, artists) with their listed GIF count and open channels, most GIFs first, paged by offset.',
      response: StudiosAnswer,
      access: 'anyone',
      query: StudiosQuery,
    }),
    async (c) => {
      const p = parseQuery(StudiosQuery, c.req.query());
      const { rows } = await sql<StudioRow>`
      SELECT to_jsonb(u.*) - 'role' - 'social_links' AS user,
        (SELECT count(*)::int FROM gifs g WHERE g.user_id = u.id AND ${listedScope}) AS gif_count,
        (SELECT jsonb_agg(jsonb_build_object('slug', ch.slug, 'display_name', ch.display_name) ORDER BY ch.position, ch.id)
          FROM (SELECT * FROM channels ch WHERE ch.user_id = u.id AND ch.parent_id IS NULL AND ${channelOpenScope('ch')} ORDER BY ch.position, ch.id LIMIT ${STUDIO_CHANNELS_SHOWN}) ch) AS channels,
        count(*) OVER () AS total
      FROM users u
      WHERE u.is_verified AND u.is_public
      ORDER BY gif_count DESC, lower(coalesce(nullif(u.display_name, ''), u.username)), u.id
      LIMIT ${STUDIOS_PAGE_SIZE} OFFSET ${p.offset}`.execute(db);
      const links = linksOf(c, deps);
      const data = rows.map(
        (r): Built<typeof Studio> => ({ ...presentUser(r.user, links), gif_count: r.gif_count, channels: r.channels ?? [] }),
      );
      const total = rows[0] ? Number(rows[0].total) : 0;
      return c.json(envelope(data, newResponseId(), { total_count: total, count: data.length, offset: p.offset }));
    },
  );
  return app;
}
