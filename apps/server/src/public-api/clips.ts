import { Hono } from 'hono';
import { z } from 'zod';
import { ANONYMOUS_VIEWER } from '../content-policy/access.ts';
import { refusalError, refuseById } from '../content-policy/refusal.ts';
import { clipsFeed } from '../content/clips.ts';
import { describe } from '../openapi/describe.ts';
import { EXAMPLES } from './examples.ts';
import { MAX_IDS } from '../http/params.ts';
import { readsOf, type ApiDeps, type ApiEnv } from './context.ts';
import { countOnly, giphyAnswerParams, lang, query, rating } from './params.ts';
import { gifId, ids, limit, offset } from '../http/params.ts';
import { parse, parseQuery } from '../http/parse.ts';
import { gifList, gifOne } from './respond.ts';
import { answerClipSearch } from './videos.ts';
import { GifPage, OneGif } from '@loopbox/contract/giphy';

const ClipSearchQuery = z.object({ q: query, limit, offset, rating, lang, count_only: countOnly, ...giphyAnswerParams });
const ClipTrendingQuery = z.object({ limit, offset, rating, ...giphyAnswerParams });
const ClipsByIdsQuery = z.object({ ids, ...giphyAnswerParams });
const ClipPath = z.object({ id: gifId });

/**
 * GIPHY Clips: clips/search, clips/trending, clips/{id} and clips?ids=, over the platform's clips
 * (GIFs with sound, type `video`). Each is GIPHY's clip object: the GIF object with its `video`
 * (`duration`, `assets` by height such as `360p`, `captions`, `description`). The same data as
 * videos/search and videos/trending; a GIF that is not a clip is not found here.
 */
export function clipRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const reads = readsOf(deps);
  /** Which of these ids are clips (any state: the content policy answers for the rest). */
  const clipIds = async (wanted: readonly string[]): Promise<Set<string>> =>
    new Set(
      wanted.length === 0
        ? []
        : (await reads.selectFrom('gifs').select('id').where('id', 'in', wanted).where('type', '=', 'video').execute()).map((r) => r.id),
    );

  app.get(
    '/clips/search',
    describe({
      tag: 'gifs',
      summary: 'Search clips',
      description:
        'Clips (GIFs with sound) ranked by relevance to `q`, as `videos/search`. A first page is logged as a search of videos, unless `count_only`.',
      access: { apiKey: 'giphy' },
      query: ClipSearchQuery,
      response: GifPage,
      example: EXAMPLES.clipList,
    }),
    (c) => answerClipSearch(c, deps, parseQuery(ClipSearchQuery, c.req.query()), 'CLIP_SEARCH'),
  );
  app.get(
    '/clips/trending',
    describe({
      tag: 'gifs',
      summary: 'Trending clips',
      description: 'Clips: trending ones first, then the rest newest first (as `videos/trending`).',
      access: { apiKey: 'giphy' },
      query: ClipTrendingQuery,
      response: GifPage,
      example: EXAMPLES.clipList,
    }),
    async (c) => {
      const p = parseQuery(ClipTrendingQuery, c.req.query());
      const page = await clipsFeed(reads, { rating: p.rating, limit: p.limit, offset: p.offset });
      return gifList(c, deps, 'CLIP_TRENDING', page.rows, { total: page.total, offset: p.offset });
    },
  );
  app.get(
    '/clips',
    describe({
      tag: 'gifs',
      summary: 'Clips by id',
      description: `Up to ${MAX_IDS} ids, in the order asked; clips anyone may open by id, others (and GIFs that are not clips) left out.`,
      access: { apiKey: 'giphy' },
      query: ClipsByIdsQuery,
      response: GifPage,
      example: EXAMPLES.clipList,
    }),
    async (c) => {
      const { ids: wanted } = parseQuery(ClipsByIdsQuery, c.req.query());
      const clips = await clipIds([...new Set(wanted)]);
      return gifList(
        c,
        deps,
        'CLIP_BROWSE',
        [...new Set(wanted)].filter((id) => clips.has(id)),
        { total: 'sent', offset: 0 },
        false,
      );
    },
  );
  app.get(
    '/clips/:id{[^/]+}',
    describe({
      tag: 'gifs',
      summary: 'One clip by id',
      description:
        'A public or unlisted clip; 404 for an unknown or private one or a GIF that is not a clip, 410 for one the moderators hid, 451 for one taken down.',
      access: { apiKey: 'giphy' },
      params: ClipPath,
      response: OneGif,
      example: EXAMPLES.clip,
    }),
    async (c) => {
      const id = parse(gifId, c.req.param('id'));
      // A GIF that is not a clip reads exactly as an id that names nothing.
      if (!(await clipIds([id])).has(id)) throw refusalError(id, 404);
      return (await gifOne(c, deps, 'CLIP_BROWSE', id)) ?? refuseById(reads, id, ANONYMOUS_VIEWER);
    },
  );
  return app;
}
