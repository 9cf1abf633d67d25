import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { GifRow } from '../content/gif-row.ts';
import { TEXT_MAX_CHARS } from '../media/constants.ts';
import { RenderRefused, TextTooLong } from '../media/render-refused.ts';
import type { TextStickers } from '../media/text-stickers.ts';
import { clientAddress } from '../http/client.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { normaliseFreeText } from '../boundary/text.ts';
import { ApiError } from '../http/envelope.ts';
import { passthrough } from './params.ts';
import { limit, offset } from '../http/params.ts';
import { parseQuery } from '../http/parse.ts';
import { gifList } from './respond.ts';
import { describe } from '../openapi/describe.ts';
import { GifPage } from '@loopbox/contract/giphy';

const message = z
  .string({ error: 'm is required' })
  .transform(normaliseFreeText)
  .pipe(
    z
      .string()
      .min(1, 'm must not be empty')
      .refine((v) => [...v].length <= TEXT_MAX_CHARS, `m must be at most ${TEXT_MAX_CHARS} characters`),
  );
const AnimateQuery = z.object({ m: message, limit, offset, pingback_id: passthrough, random_id: passthrough });

/**
 * The text drawn in every style for this request: free when kept, otherwise a new render charged to
 * the call's API key and client address. A refusal becomes GIPHY's error body with Retry-After
 * (429 budget spent, 503 rendering busy); a text too long to draw, a 400 naming `field`.
 */
export async function renderedText(c: Context<ApiEnv>, text: TextStickers, textToDraw: string, field: string): Promise<GifRow[]> {
  try {
    return await text.render(textToDraw, { apiKey: c.get('apiKey'), address: clientAddress(c) });
  } catch (error) {
    throw answerFor(error, field);
  }
}

/** How many stickers `renderedText` would give, rendering nothing (so charging no budget). */
export function renderedTextCount(text: TextStickers, textToDraw: string, field: string): number {
  try {
    return text.count(textToDraw);
  } catch (error) {
    throw answerFor(error, field);
  }
}

function answerFor(error: unknown, field: string): unknown {
  if (error instanceof RenderRefused) return new ApiError(error.status, error.message, { 'Retry-After': String(error.retryAfterSeconds) });
  if (error instanceof TextTooLong) return new ApiError(400, `${field} must be at most ${error.maxChars} characters`);
  return error;
}

/** text/animate: the message drawn as animated text stickers in every style. */
export function textRoutes(deps: ApiDeps, text: TextStickers) {
  const app = new Hono<ApiEnv>();
  app.get(
    '/text/animate',
    describe({
      tag: 'gifs',
      summary: 'Animated text stickers of a message',
      description: 'The message `m` rendered in each animation style, made on demand and kept.',
      access: { apiKey: 'giphy' },
      query: AnimateQuery,
      response: GifPage,
    }),
    async (c) => {
      const p = parseQuery(AnimateQuery, c.req.query());
      const rows = await renderedText(c, text, p.m, 'm');
      return gifList(c, deps, 'TEXT_ANIMATE', rows.slice(p.offset, p.offset + p.limit), { total: rows.length, offset: p.offset });
    },
  );
  return app;
}
