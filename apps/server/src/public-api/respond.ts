import { CACHE_TAGS_HEADER, gifTag } from '@loopbox/edge';
import type { Context } from 'hono';
import type { GifRow } from '../content/gif-row.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { originOf } from '../http/origin.ts';
import { envelopeBytes, newResponseId, type Pagination } from '../http/envelope.ts';
import { presentGif, type PresentContext } from './present.ts';
import type { WireText } from './wire.ts';
import { trimmedObject, type AnswerTrim } from './trim.ts';

export function presenter(c: Context, deps: ApiDeps, eventType: string): PresentContext {
  return {
    origin: originOf(c, deps),
    mediaBase: deps.mediaPublicUrl,
    responseId: newResponseId(),
    eventType,
    signPayload: deps.payloads.sign,
  };
}

/** A GIF of an answer: its id (served from its stored wire object) or a row made for this answer (rendered text). */
export type PageItem = string | GifRow;

/**
 * The wire text of each item, in order; ids that name no GIF to show (removed, or hidden in a
 * listing) are left out. Wire objects are copied as bytes (public-api/wire.ts): only the signed
 * payload is written per answer.
 */
async function gifTexts(
  deps: ApiDeps,
  ctx: PresentContext,
  items: readonly PageItem[],
  listing: boolean,
  trim: AnswerTrim | undefined,
): Promise<{ ids: string[]; texts: WireText[] }> {
  const wanted = items.filter((item): item is string => typeof item === 'string');
  const wires = await deps.wires.forIds(wanted, ctx, listing, trim);
  const ids: string[] = [];
  const texts: WireText[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      const text = wires.get(item);
      if (text === undefined) continue;
      ids.push(item);
      texts.push(text);
    } else {
      ids.push(item.id);
      const gif = presentGif(item, ctx);
      texts.push([Buffer.from(JSON.stringify(trim ? trimmedObject(gif, trim) : gif))]);
    }
  }
  return { ids, texts };
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c)) as [Buffer, Buffer, Buffer];
const GIF_FIELD = Buffer.from(',"gif":');
const CLOSE_OBJECT = Buffer.from('}');

/** A JSON array of the items, as the pieces to copy. */
function jsonArray(items: readonly WireText[]): Uint8Array[] {
  const pieces: Uint8Array[] = [OPEN];
  items.forEach((item, i) => {
    if (i > 0) pieces.push(COMMA);
    pieces.push(...item);
  });
  pieces.push(CLOSE);
  return pieces;
}

/** Where a page sits; a total of 'sent' is the number of GIFs the answer carries (lookups by id). */
export interface PagePosition {
  total: number | 'sent';
  offset: number;
}

/** A paged GIF listing in GIPHY's envelope, its count the GIFs actually sent; `tags`: purge tags beside its GIFs' (a channel's). */
export async function gifPage(
  c: Context<ApiEnv>,
  deps: ApiDeps,
  ctx: PresentContext,
  items: readonly PageItem[],
  page: PagePosition,
  listing = true,
  tags: readonly string[] = [],
) {
  const { ids, texts } = await gifTexts(deps, ctx, items, listing, trimOf(c));
  const pagination: Pagination = {
    total_count: page.total === 'sent' ? texts.length : page.total,
    count: texts.length,
    offset: page.offset,
  };
  return answer(c, envelopeBytes(jsonArray(texts), ctx.responseId, pagination), ids, tags);
}

/** A paged GIF listing made from ids or rows. */
export function gifList(
  c: Context<ApiEnv>,
  deps: ApiDeps,
  eventType: string,
  items: readonly PageItem[],
  page: PagePosition,
  listing = true,
) {
  return gifPage(c, deps, presenter(c, deps, eventType), items, page, listing);
}

/** One GIF in GIPHY's envelope (no pagination); null when it is not to be shown (`listing`: only a listed GIF is). */
export async function gifOne(
  c: Context<ApiEnv>,
  deps: ApiDeps,
  eventType: string,
  item: PageItem,
  tags: readonly string[] = [],
  listing = false,
): Promise<Response | null> {
  const ctx = presenter(c, deps, eventType);
  const { ids, texts } = await gifTexts(deps, ctx, [item], listing, trimOf(c));
  if (texts.length === 0) return null;
  return answer(c, envelopeBytes(texts[0]!, ctx.responseId), ids, tags);
}

/** An object of an answer that carries a GIF (a category and its featured GIF): its own fields, and the GIF by id. */
export interface WithGif {
  /** At least one: the GIF follows them in the same object. */
  fields: Record<string, unknown>;
  gifId: string | null;
}

/**
 * Objects each carrying a listed GIF under `gif` (left out when that GIF is not listed), in GIPHY's
 * envelope: the GIFs are copied from their wire objects as gifPage's are. `fields`/`bundle` trim the
 * whole answer afterwards (public-api/trim.ts), as for any other answer.
 */
export async function withGifsPage(
  c: Context<ApiEnv>,
  deps: ApiDeps,
  ctx: PresentContext,
  items: readonly WithGif[],
  pagination: Pagination,
) {
  const ids = items.flatMap((item) => (item.gifId === null ? [] : [item.gifId]));
  const wires = await deps.wires.forIds(ids, ctx, true, undefined);
  const shown: string[] = [];
  const objects = items.map(({ fields, gifId }): WireText => {
    const open = Buffer.from(JSON.stringify(fields).slice(0, -1));
    const gif = gifId === null ? undefined : wires.get(gifId);
    if (gifId === null || gif === undefined) return [open, CLOSE_OBJECT];
    shown.push(gifId);
    return [open, GIF_FIELD, ...gif, CLOSE_OBJECT];
  });
  return answer(c, envelopeBytes(jsonArray(objects), ctx.responseId, pagination), shown);
}

/** The call's `fields`/`bundle`, applied GIF by GIF as the answer is made; the answer is marked so it is not trimmed again. */
function trimOf(c: Context<ApiEnv>): AnswerTrim | undefined {
  const trim = c.get('answerTrim');
  if (trim) c.set('trimmed', true);
  return trim;
}

/** A JSON answer that names the GIFs it shows (and any other `tags`) for the edge's purge tags, so the edge need not parse it. */
function answer(c: Context<ApiEnv>, body: Uint8Array<ArrayBuffer>, gifIds: readonly string[], tags: readonly string[] = []) {
  return c.body(body, 200, { 'Content-Type': 'application/json', [CACHE_TAGS_HEADER]: [...gifIds.map(gifTag), ...tags].join(',') });
}
