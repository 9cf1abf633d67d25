import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { GifRow } from '../content/gif-row.ts';
import { createUnchangedMemo } from '../content/unchanged-memo.ts';
import { wireSources, wiresFor, type StoredWire } from '../content/gif-wire.ts';
import type { Database } from '../store/schema.ts';
import { CHECKED_SOURCES_MAX, WIRE_TEXTS_MAX_BYTES } from './constants.ts';
import { analyticsUrls, presentGif, type PresentContext } from './present.ts';
import { trimmedWireText, type AnswerTrim } from './trim.ts';

const PAYLOAD_FIELD = 'analytics_response_payload';
const ANALYTICS_FIELD = 'analytics';

/**
 * A GIF's wire object without what differs per answer: presentGif with a random mark standing for
 * the origin, and no analytics_response_payload (it is signed per response). The mark is random per
 * build and never leaves the server, so no GIF's own text can contain it.
 */
export function buildWire(row: GifRow): StoredWire {
  const mark = randomBytes(12).toString('hex');
  const gif = presentGif(row, { origin: mark, responseId: '', eventType: '', signPayload: () => '' });
  delete gif[PAYLOAD_FIELD];
  delete gif[ANALYTICS_FIELD];
  return { body: JSON.stringify(gif), mark };
}

/** A wire object with its origin written in, as UTF-8 open at the end for the per-answer payload. */
interface OriginText {
  source: string;
  /** The origin and media base written in. */
  origin: string;
  open: Buffer;
}

/**
 * One GIF's wire object as pieces of UTF-8 JSON, in order: an answer is assembled by copying bytes,
 * never re-encoding the text it keeps (and the server writes bytes without measuring a string).
 */
export type WireText = readonly Uint8Array[];

export interface WireTexts {
  /**
   * The wire text of each GIF that may be shown (removed ones never; hidden ones not in listings),
   * by id, for this answer's origin and payloads. One small query checks every GIF's current source;
   * only GIFs changed since, or not seen by this process, read or build their wire object.
   */
  forIds(ids: readonly string[], ctx: PresentContext, listing: boolean, trim?: AnswerTrim): Promise<Map<string, WireText>>;
}

export interface WireTextsOptions {
  onError?: (err: Error) => void;
  /** The store's change count (Store.contentChanges): while it stands, each GIF's checked source is reused. */
  contentChanges?: (() => number) | undefined;
}

/**
 * Wire texts per process, as ready to send as they can be: kept by GIF id as UTF-8, with the source
 * they were built from and the origin written in (an origin rarely changes within a deployment).
 * Bounded in bytes; a GIF whose source moved is rebuilt, so every process serves a change at once.
 */
export function createWireTexts(
  read: Kysely<Database>,
  write: Kysely<Database>,
  { onError, contentChanges }: WireTextsOptions = {},
): WireTexts {
  const kept = new LRUCache<string, OriginText>({ maxSize: WIRE_TEXTS_MAX_BYTES, sizeCalculation: (t) => Math.max(1, t.open.length) });
  const checked = checkedSources(read, contentChanges);
  // Trimmed copies of kept texts (fields/bundle), dropped with the text they were made from.
  const trimmed = new WeakMap<Buffer, Map<string, Buffer>>();
  const textOf = (open: Buffer, id: string, ctx: PresentContext, trim: AnswerTrim | undefined): WireText =>
    trim ? trimmedWireText(open, perAnswer(id, ctx), trim, trimmed) : withPayload(open, id, ctx);

  return {
    async forIds(ids, ctx, listing, trim) {
      const sources = await checked(ids, listing);
      const stale = new Map<string, string>();
      const texts = new Map<string, WireText>();
      const originKey = ctx.mediaBase === undefined ? ctx.origin : `${ctx.origin} ${ctx.mediaBase}`;
      for (const [id, source] of sources) {
        const hit = kept.get(id);
        if (hit && hit.source === source && hit.origin === originKey) texts.set(id, textOf(hit.open, id, ctx, trim));
        else stale.set(id, source);
      }
      if (stale.size > 0) {
        const originJson = JSON.stringify(ctx.origin).slice(1, -1);
        // Built with the mark as origin, a rendition's URL starts `{mark}/media/`: MEDIA_PUBLIC_URL takes its place.
        const mediaJson = ctx.mediaBase === undefined ? undefined : JSON.stringify(`${ctx.mediaBase}/`).slice(1, -1);
        const wires = await wiresFor(read, write, stale, buildWire, onError);
        for (const [id, wire] of wires) {
          const media = mediaJson === undefined ? wire.body : wire.body.replaceAll(`${wire.mark}/media/`, mediaJson);
          const open = Buffer.from(media.replaceAll(wire.mark, originJson).slice(0, -1));
          kept.set(id, { source: stale.get(id)!, origin: originKey, open });
          texts.set(id, textOf(open, id, ctx, trim));
        }
      }
      return texts;
    },
  };
}

/**
 * Each GIF's current source as `wireSources` reads it, kept per GIF while the store's change count
 * stands: a page of GIFs this process has checked since the last change, in any order or company
 * (another offset, another search), reads nothing. Without a change count (PostgreSQL) every call reads.
 */
function checkedSources(read: Kysely<Database>, contentChanges: (() => number) | undefined) {
  const scopes = {
    listing: createUnchangedMemo<string>(contentChanges, CHECKED_SOURCES_MAX),
    byId: createUnchangedMemo<string>(contentChanges, CHECKED_SOURCES_MAX),
  };
  return (ids: readonly string[], listing: boolean): Promise<Map<string, string>> =>
    (listing ? scopes.listing : scopes.byId).readEach(ids, (missing) => wireSources(read, missing, { listing }));
}

/** What a GIF's wire object gets per answer: its signed payload and the analytics URLs carrying it. */
function perAnswer(gifId: string, ctx: PresentContext): Record<string, unknown> {
  const payload = ctx.signPayload({ gifId, eventType: ctx.eventType, responseId: ctx.responseId });
  return { [PAYLOAD_FIELD]: payload, [ANALYTICS_FIELD]: analyticsUrls(ctx.origin, payload) };
}

function withPayload(open: Buffer, gifId: string, ctx: PresentContext): WireText {
  const payload = ctx.signPayload({ gifId, eventType: ctx.eventType, responseId: ctx.responseId });
  return [
    open,
    Buffer.from(
      `,"${PAYLOAD_FIELD}":${JSON.stringify(payload)},"${ANALYTICS_FIELD}":${JSON.stringify(analyticsUrls(ctx.origin, payload))}}`,
    ),
  ];
}
