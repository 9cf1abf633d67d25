import type { MediaStore } from '../media-store/media-store.ts';
import { createHash } from 'node:crypto';
import type { GifRow } from '../content/gif-row.ts';
import { escapeXml } from './svg-text.ts';
import type { StoredImages } from '../store/schema.ts';
import { TEXT_MAX_CHARS, TEXT_RENDER_DEFAULTS, TEXT_RENDER_EXPECTED_MS } from './constants.ts';
import { stripFromSvg } from './frame-strip.ts';
import { createRenderBudget, type Requester } from './render-budget.ts';
import { createRenderCache } from './render-cache.ts';
import { createRenderQueue } from './render-queue.ts';
import { RenderRefused, TextTooLong } from './render-refused.ts';
import { trustedFfmpeg } from './ffmpeg-binary.ts';
import { makeRenditions } from './renditions.ts';

export const TEXT_STYLES = ['pop', 'wave', 'rainbow', 'typewriter'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

const FRAMES = 12;
const DELAY_MS = 90;
const HEIGHT = 120;
const FONT_SIZE = 44;
const CHAR_WIDTH = FONT_SIZE * 0.68; // DejaVu Sans Bold's average advance, close enough to lay letters out
const RAINBOW = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'];

/** The bounds of on-demand rendering (README, Configuration: TEXT_RENDER_*). */
export interface TextRenderSettings {
  concurrency: number;
  queue: number;
  cacheBytes: number;
  budgetPerKey: number;
  budgetPerAddress: number;
  /** Longest a caller waits for its render before a 503 (the render goes on and is kept). */
  answerWithinMs: number;
  /** Longest a render may wait for a slot before it is refused (503) instead of made. */
  maxWaitMs: number;
}

/** The message as drawn (trimmed), or TextTooLong. */
function drawable(message: string): string {
  const text = message.trim();
  if ([...text].length > TEXT_MAX_CHARS) throw new TextTooLong(TEXT_MAX_CHARS);
  return text;
}

export interface TextStickers {
  /**
   * The message rendered in every style as transparent animated stickers. Kept renders are free;
   * a new one is charged to the requester's budgets and waits for a render slot. Throws TextTooLong,
   * or RenderRefused (429 budget spent, 503 queue full).
   */
  render(message: string, requester: Requester): Promise<GifRow[]>;
  /** How many stickers `render` gives for the message (one per style), rendering nothing. Throws TextTooLong. */
  count(message: string): number;
  /** Renders made (one per message, all styles), running and waiting, and what the render cache holds. */
  stats(): { running: number; waiting: number; renders: number; cacheEntries: number; cacheBytes: number };
}

/**
 * Text stickers made on demand, bounded every way: a length cap, a render queue with bounded
 * concurrency and wait, per-key and per-address budgets for new renders, identical concurrent
 * requests merged into one render, and a byte-bounded least-recently-used cache on disk.
 * Rendering runs in ffmpeg processes and libvips threads, never on the event loop.
 */
export function createTextStickers(mediaDir: string, settings: Partial<TextRenderSettings> = {}, publish?: MediaStore): TextStickers {
  const limits = { ...TEXT_RENDER_DEFAULTS, ...settings };
  const cache = createRenderCache(mediaDir, limits.cacheBytes, publish);
  const queue = createRenderQueue({ concurrency: limits.concurrency, queue: limits.queue, maxWaitMs: limits.maxWaitMs });
  const budget = createRenderBudget({ perKey: limits.budgetPerKey, perAddress: limits.budgetPerAddress });
  const inFlight = new Map<string, Promise<GifRow[]>>();
  let renders = 0;

  const renderStyle = (id: string, text: string, style: TextStyle): Promise<StoredImages> =>
    cache.make(id, async (dir) => {
      const drawing = textDrawing(text, style);
      // The frames are drawn here (the text escaped into our own SVG): no file of anyone's reaches ffmpeg.
      return makeRenditions(await stripFromSvg(drawing.svg, drawing.size), dir, { ffmpeg: trustedFfmpeg() });
    });

  /** Every style from the cache, or undefined when any is missing. */
  const keptRows = (text: string): GifRow[] | undefined => {
    const rows: GifRow[] = [];
    for (const style of TEXT_STYLES) {
      const id = textStickerId(text, style);
      const images = cache.use(id);
      if (!images) return undefined;
      rows.push(textRow(id, text, style, images));
    }
    return rows;
  };

  /** A new render: refused at once when the queue is full, then charged, then queued (styles still kept are reused). */
  const newRender = async (text: string, requester: Requester): Promise<GifRow[]> => {
    queue.refuseWhenFull();
    const charge = await budget.take(requester);
    try {
      return await queue.run(() => {
        renders += 1;
        return Promise.all(
          TEXT_STYLES.map(async (style) => {
            const id = textStickerId(text, style);
            return textRow(id, text, style, cache.use(id) ?? (await renderStyle(id, text, style)));
          }),
        );
      });
    } catch (error) {
      if (error instanceof RenderRefused) charge.refund();
      throw error;
    }
  };

  return {
    async render(message, requester) {
      const text = drawable(message);
      await cache.ready;
      const kept = keptRows(text);
      if (kept) return kept;
      let pending = inFlight.get(text);
      if (!pending) {
        pending = newRender(text, requester).finally(() => inFlight.delete(text));
        inFlight.set(text, pending);
      }
      return answerWithin(pending, limits.answerWithinMs);
    },
    count(message) {
      drawable(message);
      return TEXT_STYLES.length;
    },
    stats() {
      const { running, waiting } = queue.load;
      const size = cache.size;
      return { running, waiting, renders, cacheEntries: size.entries, cacheBytes: size.bytes };
    },
  };
}

/** The render's rows, or a 503 once `ms` have passed (the render goes on and is kept). */
function answerWithin(pending: Promise<GifRow[]>, ms: number): Promise<GifRow[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RenderRefused(503, 'Still rendering this text; retry shortly', Math.ceil(TEXT_RENDER_EXPECTED_MS / 1000))),
      ms,
    );
  });
  pending.catch(() => {}); // a render that fails after its caller gave up is not an unhandled rejection
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

export function textStickerId(message: string, style: TextStyle): string {
  const digest = createHash('sha256').update(`${style}\u0000${message}`).digest('base64url').replace(/[-_]/g, '');
  return `txt${digest.slice(0, 17)}`;
}

/** A message in a style as an SVG of stacked frames, with the size the media pipeline needs. */
export function textDrawing(message: string, style: TextStyle) {
  const width = Math.max(160, Math.min(640, Math.ceil((message.length * CHAR_WIDTH + 48) / 2) * 2));
  return { svg: textSvg(message, style, width), size: { width, height: HEIGHT, frames: FRAMES, delayMs: DELAY_MS, transparent: true } };
}

/** Every frame stacked vertically; each letter is placed on its own so styles can move letters apart. */
function textSvg(message: string, style: TextStyle, width: number): string {
  const letters = [...message];
  const startX = (width - letters.length * CHAR_WIDTH) / 2 + CHAR_WIDTH / 2;
  const frames: string[] = [];
  for (let i = 0; i < FRAMES; i++) {
    const t = i / FRAMES;
    const spans = letters.map((ch, k) => {
      const x = startX + k * CHAR_WIDTH;
      let y = HEIGHT / 2 + FONT_SIZE / 3;
      let fill = '#ffffff';
      let scale = 1;
      let opacity = 1;
      if (style === 'wave') y += Math.sin(2 * Math.PI * (t + k / 8)) * 10;
      if (style === 'rainbow') fill = RAINBOW[(k + i) % RAINBOW.length] as string;
      if (style === 'pop') scale = 0.8 + 0.2 * Math.abs(Math.sin(Math.PI * (t + k / letters.length)));
      if (style === 'typewriter') opacity = k / letters.length <= t * 1.5 ? 1 : 0;
      const transform =
        scale === 1
          ? ''
          : ` transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(2)}) translate(${(-x).toFixed(1)} ${(-y).toFixed(1)})"`;
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" opacity="${opacity}"${transform} font-family="DejaVu Sans" font-weight="bold" font-size="${FONT_SIZE}" text-anchor="middle" fill="${fill}" stroke="#1b1b1b" stroke-width="3" paint-order="stroke">${escapeXml(ch)}</text>`;
    });
    frames.push(`<svg x="0" y="${i * HEIGHT}" width="${width}" height="${HEIGHT}">${spans.join('')}</svg>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT * FRAMES}">${frames.join('')}</svg>`;
}

function textRow(id: string, message: string, style: TextStyle, images: StoredImages): GifRow {
  const now = new Date();
  const flags = {
    is_hidden: false,
    is_removed: false,
    is_anonymous: true,
    is_community: false,
    is_featured: false,
    is_realtime: false,
    is_indexable: false,
    is_preserve_size: false,
  };
  return {
    id,
    type: 'text',
    slug: `${style}-text-${id}`,
    title: message,
    alt_text: `The words "${message}" animated (${style})`,
    rating: 'g',
    rating_rank: 0,
    user_id: null,
    user: null,
    source: '',
    tags: [...message.toLowerCase().split(/\s+/).filter(Boolean), style, 'text'],
    featured_tags: [],
    ...flags,
    // Made for this answer, never stored: public by nature.
    visibility: 'public',
    moderation_state: 'none',
    removal: null,
    removed_at: null,
    media_deleted_at: null,
    decided_by: null,
    locked_fields: [],
    is_dynamic: true,
    images,
    video: null,
    external_media: null,
    made_from: null,
    cta: null,
    emoji_group_id: null,
    variation: null,
    variation_of: null,
    category: null,
    subcategory: null,
    trending_datetime: null,
    import_datetime: now,
    create_datetime: now,
    update_datetime: now,
  };
}
