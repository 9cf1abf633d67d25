import { gifTag } from '@loopbox/edge';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { clipsFeed } from '../content/clips.ts';
import { relatedGifs } from '../content/listings.ts';
import { searchGifs, type SearchInput } from '../content/search.ts';
import { readsOf, type ApiDeps, type ApiEnv } from './context.ts';
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

/**
 * A search of clips (type `video`), as videos/search and clips/search both answer it: a first page is
 * logged as a search of videos, a count (`count_only`) answers the total alone and is not logged.
 */
export async function answerClipSearch(
  c: Context<ApiEnv>,
  deps: ApiDeps,
  p: Omit<SearchInput, 'types'> & { count_only: boolean },
  eventType: 'VIDEO_SEARCH' | 'CLIP_SEARCH',
) {
  const page = await searchGifs(
    readsOf(deps),
    { q: p.q, types: VIDEO, rating: p.rating, limit: p.limit, offset: p.offset, lang: p.lang },
    deps.searchResults,
  );
  const ctx = presenter(c, deps, eventType);
  logSearch(c, deps, { q: p.q, type: 'videos', offset: p.offset, countOnly: p.count_only, total: page.total, responseId: ctx.responseId });
  return gifPage(c, deps, ctx, p.count_only ? [] : page.rows, { total: page.total, offset: p.offset });
}
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
  const reads = readsOf(deps);
  app.get(
    '/videos/search',
    describe({ tag: 'gifs', summary: 'Search videos', access: { apiKey: 'giphy' }, query: VideoSearchQuery, response: GifPage }),
    (c) => answerClipSearch(c, deps, parseQuery(VideoSearchQuery, c.req.query()), 'VIDEO_SEARCH'),
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
      const page = await clipsFeed(reads, { rating: p.rating, limit: p.limit, offset: p.offset });
      return gifList(c, deps, 'VIDEO_TRENDING', page.rows, { total: page.total, offset: p.offset });
    },
  );
  app.get(
    '/videos/related',
    describe({ tag: 'gifs', summary: 'Videos related to a GIF', access: { apiKey: 'giphy' }, query: VideoRelatedQuery, response: GifPage }),
    async (c) => {
      const p = parseQuery(VideoRelatedQuery, c.req.query());
      const page = await relatedGifs(
        reads,
        p.gif_id,
        { types: VIDEO, rating: p.rating, limit: p.limit, offset: p.offset },
        deps.relatedPages,
      );
      if (!page) return refuseById(reads, p.gif_id, ANONYMOUS_VIEWER);
      return gifPage(c, deps, presenter(c, deps, 'VIDEO_RELATED'), page.rows, { total: page.total, offset: p.offset }, true, [
        gifTag(p.gif_id),
      ]);
    },
  );
  return app;
}
