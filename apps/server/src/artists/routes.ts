import { Hono } from 'hono';
import { listedScope } from '../content-policy/access.ts';
import { sql } from 'kysely';
import { z } from 'zod';
import { actorOf } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { normaliseFreeText } from '../boundary/text.ts';
import { presentUser } from '../public-api/present.ts';
import { linksOf } from '../http/origin.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { flag } from '../public-api/params.ts';
import { offset } from '../http/params.ts';
import { parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import { flagField } from '../uploads/fields.ts';
import { baseOf, creatorsDb } from '../uploads/schema.ts';
import { ARTIST_SORTS, ARTISTS_PAGE_SIZE, SPOTIFY_OEMBED_DEFAULT_URL } from './constants.ts';
import { resolveSpotifyArtist, spotifyArtistUrl } from './spotify.ts';
import type { UserRow } from '../content/gif-row.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { type Artist, ArtistSettingsAnswer, ArtistsAnswer, SpotifyArtistAnswer } from '@loopbox/contract/artists';

const ListQuery = z.object({
  filter: z.string().transform(normaliseFreeText).pipe(z.string().max(50, 'filter must be at most 50 characters')).optional(),
  freelance: flag('freelance'),
  order: z
    .enum(['asc', 'desc'], { error: 'order must be asc or desc' })
    .optional()
    .transform((v) => v ?? 'desc'),
  sort: z
    .enum(ARTIST_SORTS, { error: `sort must be one of ${ARTIST_SORTS.join(', ')}` })
    .optional()
    .transform((v) => v ?? 'updatetime'),
  offset,
});
const SpotifyQuery = z.object({
  spotify_url: z.string({ error: 'spotify_url is required' }).max(300, 'spotify_url must be at most 300 characters'),
});
const ArtistPath = z.object({ id: z.coerce.number({ error: 'id must be a user id' }).int().positive() });
const ArtistBody = z.object({
  is_freelance: flagField('is_freelance').optional(),
  music_artist_url: z.union([z.literal(''), z.string().max(300)]).optional(),
});

interface ArtistRow extends UserRow {
  is_freelance: boolean;
  music_artist_url: string | null;
  music_artist_name: string | null;
  gif_count: number;
  // max() of a timestamptz column: a Date, as every timestamp is read.
  updatetime: Date;
  total: string;
}

/**
 * Artists: `GET /api/v4/artists/` lists public creators with public GIFs (filter by name, freelance
 * only, sorted by `updatetime` — their latest GIF change —, `name` or `gifs`, `order` desc by
 * default, 25 a page from `offset`); `PATCH /api/v4/artists/{id}/` sets a creator's freelance flag
 * and music-artist link (resolved to the artist's name, profile.edit); `GET /api/v3/spotify/artist`
 * resolves a Spotify link to its artist's name.
 */
export function artistRoutes(deps: AuthDeps & { spotifyOembedUrl?: string | undefined }) {
  const db = creatorsDb(deps.db);
  const oembed = deps.spotifyOembedUrl ?? SPOTIFY_OEMBED_DEFAULT_URL;
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v4/artists/',
    describe({
      tag: 'artists',
      summary: 'Artists',
      description: 'The artists directory: filtered by name, freelancers only, sorted, paged by offset.',
      response: ArtistsAnswer,
      access: 'anyone',
      query: ListQuery,
    }),
    async (c) => {
      const p = parseQuery(ListQuery, c.req.query());
      const direction = sql.raw(p.order === 'asc' ? 'ASC' : 'DESC');
      const orderBy =
        p.sort === 'name'
          ? sql`lower(coalesce(nullif(u.display_name, ''), u.username))`
          : p.sort === 'gifs'
            ? sql`gif_count`
            : sql`updatetime`;
      const pattern = p.filter ? `%${p.filter.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      const rows = await sql<ArtistRow>`
      SELECT to_jsonb(u.*) - 'role' - 'social_links' AS user, u.is_freelance, u.music_artist_url, u.music_artist_name,
        g.gif_count, g.updatetime, count(*) OVER () AS total
      FROM users u
      JOIN LATERAL (SELECT count(*)::int AS gif_count, max(g.update_datetime) AS updatetime FROM gifs g
        WHERE g.user_id = u.id AND ${listedScope}) g ON g.gif_count > 0
      WHERE u.role IN ('creator', 'staff') AND u.is_public
        ${p.freelance ? sql`AND u.is_freelance` : sql``}
        ${pattern ? sql`AND (lower(u.username) LIKE ${pattern} OR lower(u.display_name) LIKE ${pattern} OR lower(coalesce(u.music_artist_name, '')) LIKE ${pattern})` : sql``}
      ORDER BY ${orderBy} ${direction}, u.id
      LIMIT ${ARTISTS_PAGE_SIZE} OFFSET ${p.offset}`.execute(db);
      const links = linksOf(c, deps);
      const data = rows.rows.map(
        (r): Built<typeof Artist> => ({
          ...presentUser((r as unknown as { user: UserRow }).user, links),
          is_freelance: r.is_freelance,
          music_artist: r.music_artist_url ? { url: r.music_artist_url, name: r.music_artist_name } : null,
          gif_count: r.gif_count,
          updatetime: r.updatetime,
        }),
      );
      const total = rows.rows[0] ? Number(rows.rows[0].total) : 0;
      return c.json(envelope(data, newResponseId(), { total_count: total, count: data.length, offset: p.offset }));
    },
  );

  app.get(
    '/api/v3/spotify/artist',
    describe({
      tag: 'artists',
      summary: 'Resolve a Spotify artist',
      description: "The artist name behind a Spotify artist URL, through Spotify's oEmbed.",
      response: SpotifyArtistAnswer,
      access: { permission: 'artist.resolve' },
      query: SpotifyQuery,
    }),
    async (c) => {
      await authorizeUser(c, 'artist.resolve');
      const { spotify_url } = parseQuery(SpotifyQuery, c.req.query());
      const url = spotifyArtistUrl(spotify_url);
      return c.json(envelope({ name: await resolveSpotifyArtist(oembed, url), spotify_url: url }, newResponseId()));
    },
  );

  app.patch(
    '/api/v4/artists/:id/',
    describe({
      tag: 'artists',
      summary: 'Edit an artist profile',
      response: ArtistSettingsAnswer,
      access: { permission: 'profile.edit' },
      params: ArtistPath,
      body: ArtistBody,
    }),
    async (c) => {
      const { id } = parseFields(ArtistPath, c.req.param());
      const principal = await authorize(c, 'profile.edit', id);
      const body = await jsonBody(c, ArtistBody);
      const exists = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw new ApiError(404, `No user ${id}`);
      const music =
        body.music_artist_url === undefined
          ? undefined
          : body.music_artist_url === ''
            ? { music_artist_url: null, music_artist_name: null }
            : { music_artist_url: spotifyArtistUrl(body.music_artist_url, 'music_artist_url'), music_artist_name: '' };
      if (music?.music_artist_url) music.music_artist_name = await resolveSpotifyArtist(oembed, music.music_artist_url);
      const changes = { ...(body.is_freelance === undefined ? {} : { is_freelance: body.is_freelance }), ...music };
      const actor = actorOf(principal, c.var.auth.address);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set(changes).where('id', '=', id).execute();
        await appendEvents(baseOf(trx), [
          {
            type: 'artist.updated',
            stream: 'user',
            streamId: String(id),
            payload: { ...changes, actor: actor.userId, via: actor.via, address: actor.address },
          },
        ]);
      });
      const row = await db
        .selectFrom('users')
        .select(['is_freelance', 'music_artist_url', 'music_artist_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return c.json(envelope({ id, ...row }, newResponseId()));
    },
  );
  return app;
}
