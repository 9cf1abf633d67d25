import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import { searchGifs } from '../content/search.ts';
import { describe } from '../openapi/describe.ts';
import { EXAMPLES } from './examples.ts';
import { MAX_QUERY_LENGTH, MAX_WEIRDNESS, WEIRDNESS_REACH } from './constants.ts';
import { readsOf, type ApiDeps, type ApiEnv } from './context.ts';
import { ApiError } from '../http/envelope.ts';
import { STORED_TYPES } from './feeds.ts';
import { giphyAnswerParams, lang, rating } from './params.ts';
import { intParam, parse, parseQuery } from '../http/parse.ts';
import { gifOne } from './respond.ts';
import { OneGif } from '@loopbox/contract/giphy';

const TranslateQuery = z.object({
  s: z
    .string({ error: 's is required' })
    .transform(normaliseFreeText)
    .pipe(z.string().min(1, 's must not be empty').max(MAX_QUERY_LENGTH, `s must be at most ${MAX_QUERY_LENGTH} characters`)),
  weirdness: intParam('weirdness', 0, MAX_WEIRDNESS, 0),
  rating,
  lang,
  ...giphyAnswerParams,
});
const TranslateType = z.enum(['gifs', 'stickers'], { error: 'type must be one of gifs, stickers' });

/** How many of the best matches `weirdness` may reach: the best one at 0, WEIRDNESS_REACH more per step. */
export const translateReach = (weirdness: number): number => 1 + weirdness * WEIRDNESS_REACH;

/** Which of `count` ranked matches a phrase and weirdness pick: always the same for the same inputs, the first at weirdness 0. */
export function translatePick(phrase: string, weirdness: number, count: number): number {
  const within = Math.min(count, translateReach(weirdness));
  if (within <= 1) return 0;
  const hash = createHash('sha256').update(`${weirdness}\u0000${phrase.toLowerCase()}`).digest();
  return hash.readUInt32BE(0) % within;
}

/**
 * {gifs,stickers}/translate: one GIF for a phrase, taken from the platform's own search (the same
 * ranking, ratings and content policy as `{type}/search`), so it shows only what search lists.
 */
export function translateRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const reads = readsOf(deps);
  app.get(
    '/:type{gifs|stickers}/translate',
    describe({
      tag: 'gifs',
      summary: 'One GIF or sticker for a phrase',
      description: `The phrase \`s\` searched as \`{type}/search\` searches it (its ranking, \`rating\`, \`lang\` and content policy); \`weirdness\` 0–${MAX_WEIRDNESS} (default 0) lets the pick reach further down the ranking (the best match at 0, up to ${translateReach(MAX_WEIRDNESS)} at ${MAX_WEIRDNESS}), the same GIF for the same inputs. 404 when nothing matches.`,
      access: { apiKey: 'giphy' },
      params: z.object({ type: TranslateType }),
      query: TranslateQuery,
      response: OneGif,
      example: EXAMPLES.translate,
    }),
    async (c) => {
      const type = parse(TranslateType, c.req.param('type'));
      const p = parseQuery(TranslateQuery, c.req.query());
      const page = await searchGifs(
        reads,
        { q: p.s, types: STORED_TYPES[type], rating: p.rating, limit: translateReach(p.weirdness), offset: 0, lang: p.lang },
        deps.searchResults,
      );
      const pick = translatePick(p.s, p.weirdness, page.rows.length);
      // A pick that stopped being listed since the ranking was kept falls back to the next ones.
      for (const id of [...page.rows.slice(pick), ...page.rows.slice(0, pick)]) {
        const answer = await gifOne(c, deps, type === 'stickers' ? 'STICKER_TRANSLATE' : 'GIF_TRANSLATE', id, [], true);
        if (answer) return answer;
      }
      throw new ApiError(404, `No ${type === 'stickers' ? 'sticker' : 'GIF'} found for s`);
    },
  );
  return app;
}
