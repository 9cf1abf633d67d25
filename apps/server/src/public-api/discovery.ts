import { CACHE_TAGS_HEADER, channelTag, gifTag } from '@loopbox/edge';
import { Hono } from 'hono';
import { z } from 'zod';
import { presentChannel } from '../channels/present.ts';
import { channelsOfGif, searchChannels } from '../content/channels.ts';
import { relatedTags, tagsWithPrefix } from '../content/tags.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { envelope } from '../http/envelope.ts';
import { flag, passthrough, query, rating } from './params.ts';
import { gifId, limit, offset } from '../http/params.ts';
import { intParam, parse, parseQuery } from '../http/parse.ts';
import { analyticsPayload, presentUser, type PresentContext } from './present.ts';
import { presenter } from './respond.ts';
import { selectGifs } from '../content/gif-row.ts';
import { ANONYMOUS_VIEWER, openScope } from '../content-policy/access.ts';
import { refuseById } from '../content-policy/refusal.ts';
import { DEFAULT_RELATED_TAGS_LIMIT } from './constants.ts';
import { MAX_LIMIT } from '../http/params.ts';
import { describe } from '../openapi/describe.ts';
import { Associations, ChannelPage, TagPage, TrendingTerms } from '@loopbox/contract/giphy';

const tagParam = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().min(1, 'tag must not be empty').max(50, 'tag must be at most 50 characters'));
const ChannelSearchQuery = z.object({ q: query, limit, offset, rating, pingback_id: passthrough });
const RelatedTagsQuery = z.object({
  score: flag('score'),
  limit: intParam('limit', 1, MAX_LIMIT, DEFAULT_RELATED_TAGS_LIMIT),
  pingback_id: passthrough,
});
const TagSearchQuery = z.object({ q: query, limit, offset, pingback_id: passthrough });
const TagPath = z.object({ tag: tagParam });
const GifPath = z.object({ id: gifId });
const TrendingSearchesQuery = z.object({ limit: intParam('limit', 1, MAX_LIMIT, 20), pingback_id: passthrough });

const tagObject = (name: string, ctx: PresentContext) => ({
  name,
  name_encoded: encodeURIComponent(name),
  analytics_response_payload: analyticsPayload(`tag:${name}`, ctx),
});

/** channels/search, trending/searches, tags/related/{tag}, gifs/search/tags and gifs/{id}/associations. */
export function discoveryRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get(
    '/channels/search',
    describe({ tag: 'gifs', summary: 'Search channels', access: { apiKey: 'giphy' }, query: ChannelSearchQuery, response: ChannelPage }),
    async (c) => {
      const p = parseQuery(ChannelSearchQuery, c.req.query());
      const page = await searchChannels(deps.db, { q: p.q, limit: p.limit, offset: p.offset });
      const ctx = presenter(c, deps, 'CHANNEL_SEARCH');
      const tags = { [CACHE_TAGS_HEADER]: page.rows.map((ch) => channelTag(ch.id)).join(', ') };
      return c.json(
        envelope(
          page.rows.map((ch) => presentChannel(ch, ctx)),
          ctx.responseId,
          { total_count: page.total, count: page.rows.length, offset: p.offset },
        ),
        200,
        tags,
      );
    },
  );

  app.get(
    '/trending/searches',
    describe({
      tag: 'gifs',
      summary: 'Trending search terms',
      description: 'The most searched terms of late, blocked terms left out.',
      access: { apiKey: 'giphy' },
      query: TrendingSearchesQuery,
      response: TrendingTerms,
    }),
    async (c) => {
      const p = parseQuery(TrendingSearchesQuery, c.req.query());
      const ctx = presenter(c, deps, 'TRENDING_SEARCHES');
      return c.json(envelope(await deps.trendingTerms(p.limit), ctx.responseId));
    },
  );

  app.get(
    '/tags/related/:tag',
    describe({
      tag: 'gifs',
      summary: 'Tags related to a tag',
      description: "Tags that appear on GIFs with `tag`, most common first; `score` adds each one's share.",
      access: { apiKey: 'giphy' },
      params: TagPath,
      query: RelatedTagsQuery,
      response: TagPage,
    }),
    async (c) => {
      const tag = parse(tagParam, c.req.param('tag'));
      const p = parseQuery(RelatedTagsQuery, c.req.query());
      const { tags, base } = await relatedTags(deps.db, tag, p.limit);
      const ctx = presenter(c, deps, 'TAG_RELATED');
      const data = tags.map((t) => ({
        ...tagObject(t.name, ctx),
        ...(p.score ? { score: base ? Math.round((t.count / base) * 1000) / 1000 : 0 } : {}),
      }));
      return c.json(envelope(data, ctx.responseId, { total_count: data.length, count: data.length, offset: 0 }));
    },
  );

  app.get(
    '/gifs/search/tags',
    describe({
      tag: 'gifs',
      summary: 'Tags starting with a prefix',
      description: 'Autocomplete for search: tags beginning with `q`.',
      access: { apiKey: 'giphy' },
      query: TagSearchQuery,
      response: TagPage,
    }),
    async (c) => {
      const p = parseQuery(TagSearchQuery, c.req.query());
      const tags = await tagsWithPrefix(deps.db, p.q, p.limit, p.offset);
      const ctx = presenter(c, deps, 'TAG_SEARCH');
      return c.json(
        envelope(
          tags.map((t) => tagObject(t.name, ctx)),
          ctx.responseId,
          { count: tags.length, offset: p.offset },
        ),
      );
    },
  );

  app.get(
    '/gifs/:id/associations',
    describe({
      tag: 'gifs',
      summary: "A GIF's tags, channels and creator",
      access: { apiKey: 'giphy' },
      params: GifPath,
      response: Associations,
    }),
    async (c) => {
      const id = parse(gifId, c.req.param('id'));
      const gif = await selectGifs(deps.db).where('g.id', '=', id).where(openScope(ANONYMOUS_VIEWER)).executeTakeFirst();
      if (!gif) return refuseById(deps.db, id, ANONYMOUS_VIEWER);
      const ctx = presenter(c, deps, 'GIF_ASSOCIATIONS');
      const channels = await channelsOfGif(deps.db, id);
      return c.json(
        envelope(
          {
            tags: gif.tags.map((t) => tagObject(t, ctx)),
            featured_tags: gif.featured_tags,
            channels: channels.map((ch) => ({ id: ch.id, slug: ch.slug, display_name: ch.display_name, url: `${ctx.origin}/${ch.slug}` })),
            user: gif.user?.is_public ? presentUser(gif.user, ctx) : null,
          },
          ctx.responseId,
        ),
        200,
        // Named for the edge: the GIF's state change must drop this answer too.
        { [CACHE_TAGS_HEADER]: gifTag(id) },
      );
    },
  );
  return app;
}
