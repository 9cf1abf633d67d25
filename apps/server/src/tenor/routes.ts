import { searcherOf } from '../analytics/searcher-hash.ts';
import { Hono, type Context } from 'hono';
import { corsOnAnswer } from '@loopbox/edge';
import type { z } from 'zod';
import { listCategories } from '../content/browse.ts';
import { rowsInOrder, selectGifs, type GifRow } from '../content/gif-row.ts';
import { ANONYMOUS_VIEWER, openScope } from '../content-policy/access.ts';
import { refuseById } from '../content-policy/refusal.ts';
import { trendingGifs } from '../content/listings.ts';
import { searchGifs, type Page } from '../content/search.ts';
import { relatedTags, tagsWithPrefix } from '../content/tags.ts';
import { READ_POSITIONS } from '../content/constants.ts';
import { GIF_ACTION_EVENT } from '../gif-management/constants.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { clientAddress } from '../http/client.ts';
import { requireApiKey } from '../public-api/auth.ts';
import { readsOf, type ApiDeps, type ApiEnv } from '../public-api/context.ts';
import { linksOf } from '../http/origin.ts';
import { ApiError, newResponseId } from '../http/envelope.ts';
import { STORED_TYPES } from '../public-api/feeds.ts';
import { CORS_OPTIONS } from '../public-api/index.ts';
import { parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import { TENOR_BASE_PATH, TENOR_SHARE_ACTION } from './constants.ts';
import { tenorErrors } from './errors.ts';
import {
  AutocompleteQuery,
  CategoriesQuery,
  FeaturedQuery,
  PostsQuery,
  RegisterShareQuery,
  SearchQuery,
  SuggestionsQuery,
  TrendingTermsQuery,
} from './params.ts';
import { tenorResult } from './present.ts';
import { describe } from '../openapi/describe.ts';
import { TenorCategories, TenorResults, TenorShareRegistered, TenorTerms } from '@loopbox/contract/tenor';

type ListingParams = z.infer<typeof FeaturedQuery>;

/** Tenor's `searchfilter=sticker` lists stickers; anything else, GIFs. */
const listedType = (p: ListingParams) => (p.searchfilter.sticker ? 'stickers' : 'gifs');

/** `searchfilter=static` asks for still images only: every item here is animated, so there is nothing to list. */
const NOTHING_STILL: Page<string> = { rows: [], total: 0 };

const NOT_KEPT = { 'Cache-Control': 'no-store' };

/** The key the call was made with, and the caller the app-wide authentication resolves. */
type TenorEnv = { Variables: ApiEnv['Variables'] & AuthEnv['Variables'] };

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const aspectWithin =
  ([min, max]: readonly [number, number]) =>
  (row: GifRow) => {
    const original = row.images.original;
    if (!original || original.height === 0) return false;
    const ratio = original.width / original.height;
    return ratio >= min && ratio <= max;
  };

/**
 * Tenor API v2 over Loopbox's content (README, Tenor-compatible API): search, featured, categories,
 * search_suggestions, autocomplete, trending_terms, registershare and posts, answered in Tenor's
 * shapes with its `key` parameter and its error form. Mounted at TENOR_BASE_PATH.
 */
export function tenorApi(deps: ApiDeps, log?: (line: string) => void) {
  const reads = readsOf(deps);
  const app = new Hono<TenorEnv>();
  app.use('*', corsOnAnswer(CORS_OPTIONS), requireApiKey(deps.keys, { api: 'tenor', params: ['key'] }));

  /** A page of a listing: `ar_range` keeps positions (so `next` pages on), `random` shuffles the page. */
  const listingAnswer = async (c: Context<TenorEnv>, p: ListingParams, page: Page<string>) => {
    const rows = (await rowsInOrder(reads, page.rows)).filter(aspectWithin(p.ar_range));
    const links = linksOf(c, deps);
    const end = p.pos + p.limit;
    const next = end < Math.min(page.total, READ_POSITIONS) ? String(end) : '';
    const results = (p.random ? shuffled(rows) : rows).map((row) => tenorResult(row, links, p.media_filter));
    return c.json({ results, next }, 200, p.random ? NOT_KEPT : {});
  };

  app.get(
    '/search',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Search (Tenor v2)',
      description:
        "Results in Tenor's shape (`results` with `media_formats`, and `next` for `pos`); `contentfilter` maps to ratings, `media_filter` picks formats. Read as Tenor read it: format names, search filter items, aspect ranges and locales it does not know are ignored (README, Tenor-compatible API).",
      query: SearchQuery,
      response: TenorResults,
    }),
    async (c) => {
      const p = parseQuery(SearchQuery, c.req.query());
      if (p.searchfilter.staticOnly) return listingAnswer(c, p, NOTHING_STILL);
      const type = listedType(p);
      const page = await searchGifs(
        reads,
        { q: p.q, types: STORED_TYPES[type], rating: p.contentfilter, limit: p.limit, offset: p.pos, lang: p.locale },
        deps.searchResults,
      );
      if (p.pos === 0)
        deps.searchLog?.record({ q: p.q, type, resultCount: page.total, responseId: newResponseId(), searcher: searcherOf(c) });
      return listingAnswer(c, p, page);
    },
  );

  app.get(
    '/featured',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Featured (Tenor v2)',
      description: "What is trending (the order of `/v1/gifs/trending`), in Tenor's shape, with the same parameters as search but `q`.",
      query: FeaturedQuery,
      response: TenorResults,
    }),
    async (c) => {
      const p = parseQuery(FeaturedQuery, c.req.query());
      if (p.searchfilter.staticOnly) return listingAnswer(c, p, NOTHING_STILL);
      return listingAnswer(
        c,
        p,
        await trendingGifs(
          reads,
          deps.db,
          { types: STORED_TYPES[listedType(p)], rating: p.contentfilter, limit: p.limit, offset: p.pos },
          deps.trendingPages,
        ),
      );
    },
  );

  app.get(
    '/categories',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Categories (Tenor v2)',
      description: '`featured`: our categories; `trending`: trending searches, each with its top GIF.',
      query: CategoriesQuery,
      response: TenorCategories,
    }),
    async (c) => {
      const p = parseQuery(CategoriesQuery, c.req.query());
      const links = linksOf(c, deps);
      const tag = (term: string, row: GifRow | undefined) => ({
        searchterm: term,
        path: `${TENOR_BASE_PATH}/search?q=${encodeURIComponent(term)}`,
        image: row ? (tenorResult(row, links, ['tinygif']).media_formats.tinygif?.url ?? '') : '',
        name: `#${term}`,
      });
      if (p.type === 'featured') {
        const categories = await listCategories(reads, null);
        return c.json({
          locale: p.locale ?? 'en',
          tags: categories.map((category) => tag(category.name.toLowerCase(), category.gif ?? undefined)),
        });
      }
      const terms = await deps.trendingTerms(20);
      const tops = await Promise.all(
        terms.map(
          async (term) =>
            (
              await searchGifs(
                reads,
                { q: term, types: STORED_TYPES.gifs, rating: p.contentfilter, limit: 1, offset: 0 },
                deps.searchResults,
              )
            ).rows[0],
        ),
      );
      const rows = new Map(
        (
          await rowsInOrder(
            reads,
            tops.filter((id): id is string => id !== undefined),
          )
        ).map((row) => [row.id, row]),
      );
      return c.json({ locale: p.locale ?? 'en', tags: terms.map((term, i) => tag(term, rows.get(tops[i] ?? ''))) });
    },
  );

  app.get(
    '/search_suggestions',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Search suggestions (Tenor v2)',
      description: 'Related search terms.',
      query: SuggestionsQuery,
      response: TenorTerms,
    }),
    async (c) => {
      const p = parseQuery(SuggestionsQuery, c.req.query());
      const { tags } = await relatedTags(reads, p.q.toLowerCase(), p.limit);
      return c.json({ locale: p.locale ?? 'en', results: tags.map((t) => t.name) });
    },
  );

  app.get(
    '/autocomplete',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Autocomplete (Tenor v2)',
      description: 'Tags that start with `q`, most used first.',
      query: AutocompleteQuery,
      response: TenorTerms,
    }),
    async (c) => {
      const p = parseQuery(AutocompleteQuery, c.req.query());
      const tags = await tagsWithPrefix(reads, p.q, p.limit, 0);
      return c.json({ locale: p.locale ?? 'en', results: tags.map((t) => t.name) });
    },
  );

  app.get(
    '/trending_terms',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Trending terms (Tenor v2)',
      description: 'Trending searches, as strings.',
      query: TrendingTermsQuery,
      response: TenorTerms,
    }),
    async (c) => {
      const p = parseQuery(TrendingTermsQuery, c.req.query());
      return c.json({ locale: p.locale ?? 'en', results: await deps.trendingTerms(p.limit) });
    },
  );

  // Tenor registers shares with a GET: never kept by a cache, so each one is counted.
  app.get(
    '/registershare',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Register a share (Tenor v2)',
      description: "Counted as a share in the analytics log (`gif.report_action`), for the key's usage too.",
      alsoAsks: ['gif.report_action'],
      query: RegisterShareQuery,
      response: TenorShareRegistered,
    }),
    async (c) => {
      const p = parseQuery(RegisterShareQuery, c.req.query());
      await authorize(c, 'gif.report_action');
      const open = await selectGifs(deps.db).where('g.id', '=', p.id).where(openScope(ANONYMOUS_VIEWER)).executeTakeFirst();
      if (!open) return refuseById(deps.db, p.id, ANONYMOUS_VIEWER);
      await appendEvents(deps.db, [
        {
          type: GIF_ACTION_EVENT,
          stream: 'gif',
          streamId: p.id,
          payload: {
            action: TENOR_SHARE_ACTION,
            actor: null,
            via: 'tenor',
            address: clientAddress(c),
            q: p.q ?? null,
            api_key: c.get('apiKey'),
          },
        },
      ]);
      return c.json({ status: 'ok' }, 200, NOT_KEPT);
    },
  );

  app.get(
    '/posts',
    describe({
      tag: 'tenor',
      access: { apiKey: 'tenor' },
      summary: 'Posts by id (Tenor v2)',
      description: 'In the order asked; ids that name nothing are left out.',
      query: PostsQuery,
      response: TenorResults,
    }),
    async (c) => {
      const p = parseQuery(PostsQuery, c.req.query());
      const rows = await selectGifs(reads).where('g.id', 'in', p.ids).where(openScope(ANONYMOUS_VIEWER)).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const links = linksOf(c, deps);
      const results = p.ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [tenorResult(row, links, p.media_filter)] : [];
      });
      return c.json({ results, next: '' });
    },
  );

  app.all('*', (c) => {
    throw new ApiError(404, `No Tenor API call ${c.req.method} ${c.req.path}`);
  });
  app.onError(tenorErrors(log));
  return app;
}
