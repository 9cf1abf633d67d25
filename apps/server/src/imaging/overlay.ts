import sharp from 'sharp';
import type { FrameStrip } from '../media/frame-strip.ts';
import { escapeXml } from '../media/svg-text.ts';
import { captionAt, fitCaption, lineBaseline, linesShown } from '@loopbox/pages';
import { CAPTION_BASELINE, CAPTION_FONTS, CAPTION_OUTLINE } from './constants.ts';
import type { CaptionLayer, StickerLayer } from './edit-list.ts';

/** A sticker layer with its decoded frames (each a PNG, as the overlay's SVG embeds it). */
export interface LoadedSticker {
  layer: StickerLayer;
  width: number;
  height: number;
  delayMs: number;
  pngs: string[];
}

/** A sticker's frames as base64 PNGs, for the overlay. */
export async function stickerPngs(strip: FrameStrip): Promise<string[]> {
  const frameBytes = strip.width * strip.height * 4;
  return Promise.all(
    Array.from({ length: strip.frames }, async (_, i) =>
      (
        await sharp(strip.rgba.subarray(i * frameBytes, (i + 1) * frameBytes), {
          raw: { width: strip.width, height: strip.height, channels: 4 },
        })
          .png({ compressionLevel: 1 })
          .toBuffer()
      ).toString('base64'),
    ),
  );
}

const n = (v: number) => v.toFixed(2);

/**
 * One frame's overlay as SVG: the sticker layers (each its frame at this time, scaled and rotated
 * about its centre), then the captions over them, each fitted to the frame by the rule the
 * browser's preview follows too (fitCaption: shrunk or wrapped, never cut). Positions and sizes are
 * fractions of the frame, so the preview, drawn at another size, places everything alike.
 */
export function overlaySvg(o: {
  width: number;
  height: number;
  timeMs: number;
  progress: number;
  captions: readonly CaptionLayer[];
  stickers: readonly LoadedSticker[];
}): string {
  const { width: W, height: H } = o;
  const parts: string[] = [];
  for (const s of o.stickers) {
    const frame = s.pngs[Math.floor(o.timeMs / s.delayMs) % s.pngs.length]!;
    const w = s.layer.scale * W;
    const h = (w * s.height) / s.width;
    parts.push(
      `<image href="data:image/png;base64,${frame}" x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" preserveAspectRatio="none" transform="translate(${n(s.layer.x * W)} ${n(s.layer.y * H)}) rotate(${n(s.layer.rotation)})"/>`,
    );
  }
  for (const c of o.captions) {
    const look = captionAt(c, o.progress);
    const fit = fitCaption(c, { width: W, height: H });
    const size = fit.size * H * look.scale;
    const lines = c.animation === 'typewriter' ? linesShown(fit.lines, [...look.text].length) : fit.lines;
    lines.forEach((line, i) => {
      parts.push(
        `<text x="${n(fit.x * W)}" y="${n(fit.y * H + lineBaseline(i, fit.lines.length, size, CAPTION_BASELINE))}" font-family="${CAPTION_FONTS[c.font]}" font-weight="bold" font-size="${n(size)}" text-anchor="middle" fill="${c.color}" fill-opacity="${n(look.opacity)}" stroke="#000000" stroke-opacity="${n(look.opacity)}" stroke-width="${n(size * CAPTION_OUTLINE)}" paint-order="stroke">${escapeXml(line)}</text>`,
      );
    });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

/** Draws the overlay over every frame of the strip; frames whose overlay is unchanged share one rasterisation. */
export async function applyOverlay(
  strip: FrameStrip,
  captions: readonly CaptionLayer[],
  stickers: readonly LoadedSticker[],
): Promise<FrameStrip> {
  if (captions.length === 0 && stickers.length === 0) return strip;
  const { width, height } = strip;
  const frameBytes = width * height * 4;
  const raster = new Map<string, Promise<Buffer>>();
  const frames: Buffer[] = [];
  for (let i = 0; i < strip.frames; i++) {
    const svg = overlaySvg({ width, height, timeMs: i * strip.delayMs, progress: i / strip.frames, captions, stickers });
    let overlay = raster.get(svg);
    if (!overlay) {
      overlay = sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: 'fill' }).ensureAlpha().png().toBuffer();
      raster.set(svg, overlay);
    }
    const base = strip.rgba.subarray(i * frameBytes, (i + 1) * frameBytes);
    frames.push(
      await sharp(base, { raw: { width, height, channels: 4 } })
        .composite([{ input: await overlay }])
        .raw()
        .toBuffer(),
    );
  }
  return { ...strip, rgba: Buffer.concat(frames) };
}
