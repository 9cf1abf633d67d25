import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { GifRow } from '../content/gif-row.ts';
import { escapeXml } from '../seed/art.ts';
import type { StoredImages } from '../store/schema.ts';
import { stripFromSvg } from './frame-strip.ts';
import { makeRenditions } from './renditions.ts';

export const TEXT_STYLES = ['pop', 'wave', 'rainbow', 'typewriter'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

const FRAMES = 12;
const DELAY_MS = 90;
const HEIGHT = 120;
const FONT_SIZE = 44;
const CHAR_WIDTH = FONT_SIZE * 0.68; // DejaVu Sans Bold's average advance, close enough to lay letters out
const RAINBOW = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'];
const MEMORY_CACHE_SIZE = 200;

export interface TextStickers {
  /** The message rendered in every style as transparent animated stickers, made once and kept on disk. */
  render(message: string): Promise<GifRow[]>;
}

export function createTextStickers(mediaDir: string): TextStickers {
  const recent = new Map<string, Promise<GifRow[]>>();
  return {
    render(message) {
      const text = message.trim();
      let pending = recent.get(text);
      if (!pending) {
        pending = Promise.all(TEXT_STYLES.map((style) => renderStyle(mediaDir, text, style)));
        pending.catch(() => recent.delete(text));
        if (recent.size >= MEMORY_CACHE_SIZE) recent.delete(recent.keys().next().value as string);
        recent.set(text, pending);
      }
      return pending;
    },
  };
}

export function textStickerId(message: string, style: TextStyle): string {
  const digest = createHash('sha256').update(`${style}\u0000${message}`).digest('base64url').replace(/[-_]/g, '');
  return `txt${digest.slice(0, 17)}`;
}

async function renderStyle(mediaDir: string, message: string, style: TextStyle): Promise<GifRow> {
  const id = textStickerId(message, style);
  const dir = path.join(mediaDir, id);
  const metaFile = path.join(dir, 'images.json');
  let images: StoredImages;
  try {
    images = JSON.parse(await fs.readFile(metaFile, 'utf8')) as StoredImages;
  } catch {
    const drawing = textDrawing(message, style);
    images = await makeRenditions(await stripFromSvg(drawing.svg, drawing.size), dir);
    await fs.writeFile(metaFile, JSON.stringify(images));
  }
  return textRow(id, message, style, images);
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
      const transform = scale === 1 ? '' : ` transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(2)}) translate(${(-x).toFixed(1)} ${(-y).toFixed(1)})"`;
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" opacity="${opacity}"${transform} font-family="DejaVu Sans" font-weight="bold" font-size="${FONT_SIZE}" text-anchor="middle" fill="${fill}" stroke="#1b1b1b" stroke-width="3" paint-order="stroke">${escapeXml(ch)}</text>`;
    });
    frames.push(`<svg x="0" y="${i * HEIGHT}" width="${width}" height="${HEIGHT}">${spans.join('')}</svg>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT * FRAMES}">${frames.join('')}</svg>`;
}

function textRow(id: string, message: string, style: TextStyle, images: StoredImages): GifRow {
  const now = new Date();
  const flags = { is_hidden: false, is_removed: false, is_anonymous: true, is_community: false, is_featured: false, is_realtime: false, is_indexable: false, is_preserve_size: false };
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
    is_dynamic: true,
    images,
    video: null,
    external_media: null,
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
