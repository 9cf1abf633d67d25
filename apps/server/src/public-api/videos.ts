import { gifTag } from '@loopbox/edge';
import { Hono } from 'hono';
import { z } from 'zod';
import { clipsFeed } from '../content/clips.ts';
import { relatedGifs } from '../content/listings.ts';
import { searchGifs } from '../content/search.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { countOnly, giphyAnswerParams, lang, passthrough, query, rating } from './params.ts';
import { gifId, limit, offset } from '../http/params.ts';
import { parseQuery } from '../http/parse.ts';
import { gifList, gifPage, presenter } from './respond.ts';
import { ANONYMOUS_VIEWER } from '../content-policy/access.ts';
import { refuseById } from '../content-policy/refusal.ts';
import { describe } from '../openapi/describe.ts';
import { logSearch } from './logged-search.ts';
import { GifPage } from '@loopbox/contract/giphy';

const VIDEO: readonly ['video'] = ['video'];
const VideoSearchQuery = z.object({
  q: query,
  limit,
  offset,
  rating,
  lang,
  count_only: countOnly,
  pingback_id: passthrough,
  ...giphyAnswerParams,
});
const VideoRelatedQuery = z.object({ gif_id: gifId, limit, offset, rating, pingback_id: passthrough, ...giphyAnswerParams });
const VideoTrendingQuery = z.object({ limit, offset, rating, pingback_id: passthrough, ...giphyAnswerParams });

/** videos/search, videos/trending and videos/related: clips (type `video`, with playable mp4 assets). */
export function videoRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get(
    '/videos/search',
    describe({ tag: 'gifs', summary: 'Search videos', access: { apiKey: 'giphy' }, query: VideoSearchQuery, response: GifPage }),
    async (c) => {
      const p = parseQuery(VideoSearchQuery, c.req.query());
      const page = await searchGifs(
        deps.readDb ?? deps.db,
        { q: p.q, types: VIDEO, rating: p.rating, limit: p.limit, offset: p.offset, lang: p.lang },
        deps.searchResults,
      );
      const ctx = presenter(c, deps, 'VIDEO_SEARCH');
      logSearch(c, deps, {
        q: p.q,
        type: 'videos',
        offset: p.offset,
        countOnly: p.count_only,
        total: page.total,
        responseId: ctx.responseId,
      });
      return gifPage(c, deps, ctx, p.count_only ? [] : page.rows, { total: page.total, offset: p.offset });
    },
  );
  app.get(
    '/videos/trending',
    describe({
      tag: 'gifs',
      summary: 'Trending and latest clips',
      description: 'Clips (videos with sound): trending ones first, then the rest newest first.',
      access: { apiKey: 'giphy' },
      query: VideoTrendingQuery,
      response: GifPage,
    }),
    async (c) => {
      const p = parseQuery(VideoTrendingQuery, c.req.query());
      const page = await clipsFeed(deps.readDb ?? deps.db, { rating: p.rating, limit: p.limit, offset: p.offset });
      return gifList(c, deps, 'VIDEO_TRENDING', page.rows, { total: page.total, offset: p.offset });
    },
  );
  app.get(
    '/videos/related',
    describe({ tag: 'gifs', summary: 'Videos related to a GIF', access: { apiKey: 'giphy' }, query: VideoRelatedQuery, response: GifPage }),
    async (c) => {
      const p = parseQuery(VideoRelatedQuery, c.req.query());
      const page = await relatedGifs(
        deps.readDb ?? deps.db,
        p.gif_id,
        { types: VIDEO, rating: p.rating, limit: p.limit, offset: p.offset },
        deps.relatedPages,
      );
      if (!page) return refuseById(deps.readDb ?? deps.db, p.gif_id, ANONYMOUS_VIEWER);
      return gifPage(c, deps, presenter(c, deps, 'VIDEO_RELATED'), page.rows, { total: page.total, offset: p.offset }, true, [
        gifTag(p.gif_id),
      ]);
    },
  );
  return app;
}
