import type { Context } from 'hono';
import type { GifRow } from '../content/gif-row.ts';
import { originOf, type ApiDeps, type ApiEnv } from './context.ts';
import { envelope, newResponseId, type Pagination } from './envelope.ts';
import { presentGif, type PresentContext } from './present.ts';

export function presenter(c: Context<ApiEnv>, deps: ApiDeps, eventType: string): PresentContext {
  return { origin: originOf(c, deps), responseId: newResponseId(), eventType, signPayload: deps.payloads.sign };
}

/** A paged GIF listing in GIPHY's envelope. */
export function gifList(c: Context<ApiEnv>, deps: ApiDeps, eventType: string, rows: GifRow[], page: { total: number; offset: number }) {
  const ctx = presenter(c, deps, eventType);
  const pagination: Pagination = { total_count: page.total, count: rows.length, offset: page.offset };
  return c.json(envelope(rows.map((r) => presentGif(r, ctx)), ctx.responseId, pagination));
}

/** One GIF in GIPHY's envelope (no pagination). */
export function gifOne(c: Context<ApiEnv>, deps: ApiDeps, eventType: string, row: GifRow) {
  const ctx = presenter(c, deps, eventType);
  return c.json(envelope(presentGif(row, ctx), ctx.responseId));
}
