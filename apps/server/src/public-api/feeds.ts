import { channelTag, gifTag } from '@loopbox/edge';
import { Hono } from 'hono';
import { z } from 'zod';
import { randomGif, relatedGifs, trendingGifs } from '../content/listings.ts';
import { searchGifs } from '../content/search.ts';
import type { GifType } from '../store/schema.ts';
import type { ContentType } from './constants.ts';
import { readsOf, type ApiDeps, type ApiEnv } from './context.ts';
import { normaliseFreeText } from '../boundary/text.ts';
import { envelope } from '../http/envelope.ts';
import { contentType, countOnly, flag, giphyAnswerParams, lang, passthrough, query, rating } from './params.ts';
import { gifId, limit, offset } from '../http/params.ts';
import { parse, parseQuery } from '../http/parse.ts';
import { presentGif } from './present.ts';
import { gifList, gifPage, presenter, type PageItem } from './respond.ts';
import type { TextStickers } from '../media/text-stickers.ts';
import { renderedText, renderedTextCount } from './text.ts';
import { logSearch } from './logged-search.ts';
import { describe } from '../openapi/describe.ts';
import { ANONYMOUS_VIEWER } from '../content-policy/access.ts';
import { refuseById } from '../content-policy/refusal.ts';
import { GifPage, RandomGif } from '@loopbox/contract/giphy';

/** The stored types each public content type lists. */
export const STORED_TYPES: Record<ContentType, readonly GifType[]> = {
  gifs: ['gif'],
  stickers: ['sticker', 'emoji'],
  text: ['text'],
};

const common = { rating, lang, pingback_id: passthrough, ...giphyAnswerParams };
const SearchQuery = z.object({
  q: query,
  limit,
  offset,
  excludeDynamicResults: flag('excludeDynamicResults'),
  count_only: countOnly,
  ...common,
});
const TrendingQuery = z.object({ limit, offset, ...common });
const RandomQuery = z.object({
  tag: z.string().transform(normaliseFreeText).pipe(z.string().max(50, 'tag must be at most 50 characters')).optional(),
  ...common,
});
const RelatedQuery = z.object({ gif_id: gifId, limit, offset, ...common });
const TypePath = z.object({ type: contentType });

/** {type}/search, {type}/trending, {type}/random and {type}/related for gifs, stickers and text. */
export function feedRoutes(deps: ApiDeps, text: TextStickers) {
  const app = new Hono<ApiEnv>();
  const typeOf = (raw: string) => parse(contentType, raw);
  const reads = readsOf(deps);

  app.get(
    '/:type/search',
    describe({
      tag: 'gifs',
      summary: 'Search GIFs, stickers or text',
      description:
        'Ranked by relevance to `q`; `type` is `gifs`, `stickers` or `text` (text adds the query itself rendered as a sticker unless `excludeDynamicResults`). A first page is logged as a search, unless `count_only`.',
      access: { apiKey: 'giphy' },
      params: TypePath,
      query: SearchQuery,
      response: GifPage,
    }),
    async (c) => {
      const type = typeOf(c.req.param('type'));
      const p = parseQuery(SearchQuery, c.req.query());
      const page = await searchGifs(
        reads,
        { q: p.q, types: STORED_TYPES[type], rating: p.rating, limit: p.limit, offset: p.offset, lang: p.lang },
        deps.searchResults,
      );
      let rows: PageItem[] = page.rows;
      let total = page.total;
      // Stored text stickers first, then the query itself rendered on demand (dynamic results); a count renders nothing.
      if (type === 'text' && !p.excludeDynamicResults) {
        if (p.count_only) total += renderedTextCount(text, p.q, 'q');
        else {
          const dynamic = await renderedText(c, text, p.q, 'q');
          const from = Math.max(0, p.offset - page.total);
          rows = [...page.rows, ...dynamic.slice(from, from + p.limit - page.rows.length)];
          total += dynamic.length;
        }
      }
      const ctx = presenter(c, deps, type === 'text' ? 'TEXT_SEARCH' : 'GIF_SEARCH');
      logSearch(c, deps, { q: p.q, type, offset: p.offset, countOnly: p.count_only, total: page.total, responseId: ctx.responseId });
      if (p.count_only) rows = [];
      // A search inside a channel is purged with the channel (edge/README.md, Caching and purge).
      return gifPage(
        c,
        deps,
        ctx,
        rows,
        { total, offset: p.offset },
        true,
        page.channelId === undefined ? [] : [channelTag(page.channelId)],
      );
    },
  );

  app.get(
    '/:type/trending',
    describe({
      tag: 'gifs',
      summary: 'Trending GIFs, stickers or text',
      description: 'What is trending now, from the analytics projections; `type` is `gifs`, `stickers` or `text`.',
      access: { apiKey: 'giphy' },
      params: TypePath,
      query: TrendingQuery,
      response: GifPage,
    }),
    async (c) => {
      const type = typeOf(c.req.param('type'));
      const p = parseQuery(TrendingQuery, c.req.query());
      const page = await trendingGifs(
        reads,
        deps.db,
        { types: STORED_TYPES[type], rating: p.rating, limit: p.limit, offset: p.offset },
        deps.trendingPages,
      );
      return gifList(c, deps, 'GIF_TRENDING', page.rows, { total: page.total, offset: p.offset });
    },
  );

  app.get(
    '/:type/random',
    describe({
      tag: 'gifs',
      summary: 'A random GIF, sticker or text',
      description: 'One at random, optionally with a `tag`; an empty `data` when nothing matches. Never cached.',
      access: { apiKey: 'giphy' },
      params: TypePath,
      query: RandomQuery,
      response: RandomGif,
    }),
    async (c) => {
      const type = typeOf(c.req.param('type'));
      const p = parseQuery(RandomQuery, c.req.query());
      c.header('Cache-Control', 'no-store');
      const row = await randomGif(reads, { types: STORED_TYPES[type], rating: p.rating, tag: p.tag });
      const ctx = presenter(c, deps, 'GIF_RANDOM');
      // GIPHY answers an empty random pick with data: [] rather than an error.
      return c.json(envelope(row ? presentGif(row, ctx) : [], ctx.responseId));
    },
  );

  app.get(
    '/:type/related',
    describe({
      tag: 'gifs',
      summary: 'GIFs related to a GIF',
      description: 'GIFs like `gif_id`; for a `gif_id` anyone may not open, the answer its lookup by id gets (404, 410 or 451).',
      access: { apiKey: 'giphy' },
      params: TypePath,
      query: RelatedQuery,
      response: GifPage,
    }),
    async (c) => {
      const type = typeOf(c.req.param('type'));
      const p = parseQuery(RelatedQuery, c.req.query());
      const page = await relatedGifs(
        reads,
        p.gif_id,
        { types: STORED_TYPES[type], rating: p.rating, limit: p.limit, offset: p.offset },
        deps.relatedPages,
      );
      if (!page) return refuseById(reads, p.gif_id, ANONYMOUS_VIEWER);
      // The answer names the GIF it is about too: when that one stops being shown, so does this.
      return gifPage(c, deps, presenter(c, deps, 'GIF_RELATED'), page.rows, { total: page.total, offset: p.offset }, true, [
        gifTag(p.gif_id),
      ]);
    },
  );
  return app;
}
