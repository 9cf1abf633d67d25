import { Hono } from 'hono';
import { z } from 'zod';
import {
  categoryExists,
  categoryGifs,
  categoryRows,
  categoryTree,
  emojiVariations,
  listEmoji,
  type CategoryRow,
} from '../content/browse.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { ApiError, envelope } from '../http/envelope.ts';
import { passthrough, rating } from './params.ts';
import { gifId, limit, offset } from '../http/params.ts';
import { parse, parseQuery } from '../http/parse.ts';
import { presentGif } from './present.ts';
import { gifList, presenter, withGifsPage, type WithGif } from './respond.ts';
import { describe } from '../openapi/describe.ts';
import { CategoryPage, EmojiPage, GifList, GifPage } from '@loopbox/contract/giphy';

const slug = z.string().regex(/^[a-z0-9-]{1,60}$/, 'category must be lower-case letters, digits and dashes');
const CategoryPath = z.object({ category: slug });
const SubcategoryPath = z.object({ category: slug, subcategory: slug });
const GifPath = z.object({ id: gifId });
const PagedQuery = z.object({ limit, offset, rating, pingback_id: passthrough, random_id: passthrough });

/** A category as GIPHY answers it; its featured GIF is added from its wire object (withGifsPage). */
function categoryObject(c: CategoryRow, subcategories?: { slug: string; name: string }[]): WithGif {
  return {
    fields: {
      name: c.name,
      name_encoded: c.slug,
      ...(subcategories ? { subcategories: subcategories.map((s) => ({ name: s.name, name_encoded: s.slug })) } : {}),
    },
    gifId: c.featured_gif_id,
  };
}

/** gifs/categories (with subcategories), categories/{category}, categories/{category}/{subcategory}. */
export function categoryRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get(
    '/gifs/categories',
    describe({ tag: 'gifs', summary: 'GIF categories', access: { apiKey: 'giphy' }, query: PagedQuery, response: CategoryPage }),
    async (c) => {
      const p = parseQuery(PagedQuery, c.req.query());
      const ctx = presenter(c, deps, 'GIF_CATEGORY');
      const { categories, total } = await categoryTree(deps.db, p);
      const data = categories.map((cat) => categoryObject(cat, cat.subcategories));
      return withGifsPage(c, deps, ctx, data, { total_count: total, count: data.length, offset: p.offset });
    },
  );
  app.get(
    '/gifs/categories/:category',
    describe({
      tag: 'gifs',
      summary: 'GIFs of a category',
      access: { apiKey: 'giphy' },
      params: CategoryPath,
      query: PagedQuery,
      response: CategoryPage,
    }),
    async (c) => {
      const category = parse(slug, c.req.param('category'));
      const p = parseQuery(PagedQuery, c.req.query());
      if (!(await categoryExists(deps.db, category, null))) throw new ApiError(404, `Category ${category} not found`);
      const ctx = presenter(c, deps, 'GIF_CATEGORY');
      const subs = await categoryRows(deps.db, category);
      const data = subs.slice(p.offset, p.offset + p.limit).map((s) => categoryObject(s));
      return withGifsPage(c, deps, ctx, data, { total_count: subs.length, count: data.length, offset: p.offset });
    },
  );
  app.get(
    '/gifs/categories/:category/:subcategory',
    describe({
      tag: 'gifs',
      summary: 'GIFs of a subcategory',
      access: { apiKey: 'giphy' },
      params: SubcategoryPath,
      query: PagedQuery,
      response: GifPage,
    }),
    async (c) => {
      const category = parse(slug, c.req.param('category'));
      const subcategory = parse(slug, c.req.param('subcategory'));
      const p = parseQuery(PagedQuery, c.req.query());
      if (!(await categoryExists(deps.db, subcategory, category)))
        throw new ApiError(404, `Subcategory ${category}/${subcategory} not found`);
      const page = await categoryGifs(deps.db, { category, subcategory, rating: p.rating, limit: p.limit, offset: p.offset });
      return gifList(c, deps, 'GIF_CATEGORY', page.rows, { total: page.total, offset: p.offset });
    },
  );
  return app;
}

/** v1 emoji (offset paging) and v2 emoji (cursor paging) plus v2 emoji/{id}/variations. */
export function emojiRoutes(deps: ApiDeps, version: 1 | 2) {
  const app = new Hono<ApiEnv>();
  app.get(
    '/emoji',
    describe({
      tag: 'gifs',
      summary: 'Emoji',
      description: 'On /v2, paged by `next_cursor` as well as offset.',
      access: { apiKey: 'giphy' },
      query: PagedQuery,
      response: EmojiPage,
    }),
    async (c) => {
      const p = parseQuery(PagedQuery, c.req.query());
      const page = await listEmoji(deps.db, { limit: p.limit, offset: p.offset });
      // A page past the end carries no window count; count the emoji on their own.
      const total = page.rows.length > 0 || p.offset === 0 ? page.total : (await listEmoji(deps.db, { limit: 1, offset: 0 })).total;
      const ctx = presenter(c, deps, 'EMOJI');
      const data = page.rows.map((row) => ({ ...presentGif(row, ctx), variation_count: row.variation_count }));
      const count = data.length;
      const next = p.offset + count;
      // v2 pages by cursor: next_cursor (the next offset) only while there is more, so its absence is
      // the end for cursor clients; total_count is the end for GIPHY's own paginator (offset + count = total).
      const pagination =
        version === 1
          ? { total_count: total, count, offset: p.offset }
          : { total_count: total, count, offset: p.offset, ...(next < total ? { next_cursor: next } : {}) };
      return c.json(envelope(data, ctx.responseId, pagination));
    },
  );
  if (version === 2) {
    app.get(
      '/emoji/:id/variations',
      describe({
        tag: 'gifs',
        summary: 'The variations of an emoji',
        description: 'Skin tones and other variations of one emoji.',
        access: { apiKey: 'giphy' },
        params: GifPath,
        response: GifList,
      }),
      async (c) => {
        const id = parse(gifId, c.req.param('id'));
        const rows = await emojiVariations(deps.db, id);
        if (!rows) throw new ApiError(404, `Emoji ${id} not found`);
        const ctx = presenter(c, deps, 'EMOJI');
        return c.json(
          envelope(
            rows.map((r) => presentGif(r, ctx)),
            ctx.responseId,
          ),
        );
      },
    );
  }
  return app;
}
