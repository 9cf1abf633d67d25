import { Hono } from 'hono';
import { z } from 'zod';
import { embedCode, fitInto, GIF_ID_PATTERN, gifIdFromPath, PROVIDER_NAME } from '@loopbox/pages';
import { selectGifs } from '../content/gif-row.ts';
import { ANONYMOUS_VIEWER, openScope } from '../content-policy/access.ts';
import { accessById, refusalMessage, type Refusal } from '../content-policy/refusal.ts';
import type { ApiDeps } from '../public-api/context.ts';
import { originOf } from '../http/origin.ts';
import { describe } from '../openapi/describe.ts';
import { Oembed } from '@loopbox/contract/oembed';

/** GIF pages and embeds an oEmbed consumer may ask about: /gifs/{slug-or-id} and /embed/{id}. */
const EMBEDDABLE_PATH = /^\/(gifs|embed)\/[A-Za-z0-9_-]+\/?$/;

/** What the reference shows; the route checks these itself, to answer with oEmbed's own statuses and error body. */
const OembedQuery = z.object({
  url: z.url().meta({ description: 'A GIF page or embed URL of this site' }),
  format: z.enum(['json']).optional(),
});

const error = (status: 400 | 501 | Refusal, message: string) => ({ status, body: { error: message, status } });

/**
 * GET /oembed?url=<GIF page URL>&format=json (oEmbed 1.0): a "rich" response whose html is the
 * embed code (SPEC 7.7), sized to fit 480×480. Bad input answers 400; a URL of another host, a
 * path that is no GIF page or a GIF anyone may not open 404 (410 hidden, 451 taken down); a format other than json 501 (as the oEmbed spec
 * asks), each with a JSON error.
 */
export function oembedRoutes(deps: ApiDeps) {
  const app = new Hono();
  app.get(
    '/oembed',
    describe({
      tag: 'site',
      summary: 'oEmbed of a GIF page',
      description:
        'A "rich" oEmbed 1.0 answer whose `html` is the embed code, sized to fit 480×480. Another host, a path that is no GIF page or a GIF anyone may not open is a 404 (410 when the moderators hid it, 451 when taken down); a format other than json 501.',
      access: 'anyone',
      query: OembedQuery,
      response: Oembed,
    }),
    async (c) => {
      const origin = originOf(c, deps);
      const { url, format = 'json' } = c.req.query();
      const failure = (f: ReturnType<typeof error>) => c.json(f.body, f.status);
      if (format !== 'json') return failure(error(501, 'format must be json'));
      if (!url) return failure(error(400, 'url is required'));
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return failure(error(400, 'url must be an absolute URL'));
      }
      // The oEmbed spec: a URL this provider does not serve is a 404, whatever its path says.
      if (target.host !== new URL(origin).host) return failure(error(404, 'url is not a page of this site'));
      const id = EMBEDDABLE_PATH.test(target.pathname) ? gifIdFromPath(target.pathname) : undefined;
      if (!id || !GIF_ID_PATTERN.test(id)) return failure(error(404, 'url is not a GIF page of this site'));
      const gif = await selectGifs(deps.db).where('g.id', '=', id).where(openScope(ANONYMOUS_VIEWER)).executeTakeFirst();
      if (!gif) {
        const access = await accessById(deps.db, id, ANONYMOUS_VIEWER);
        const status = typeof access === 'number' ? access : 404;
        return failure(error(status, refusalMessage(id, status)));
      }
      const original = gif.images.original ?? { width: 0, height: 0 };
      const size = fitInto(original.width, original.height);
      const pageUrl = `${origin}/gifs/${gif.slug}`;
      return c.json({
        version: '1.0',
        type: 'rich',
        provider_name: PROVIDER_NAME,
        provider_url: origin,
        title: gif.title,
        ...(gif.user ? { author_name: gif.user.username, author_url: `${origin}/${gif.user.username}` } : {}),
        html: embedCode({ embedUrl: `${origin}/embed/${gif.id}`, pageUrl, width: original.width, height: original.height }),
        width: size.width,
        height: size.height,
      });
    },
  );
  return app;
}
