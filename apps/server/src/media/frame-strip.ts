import sharp, { type Sharp } from 'sharp';

/** An animation as raw RGBA frames stacked top to bottom: the common input of the media pipeline. */
export interface FrameStrip {
  width: number;
  height: number;
  frames: number;
  delayMs: number;
  rgba: Buffer;
  transparent: boolean;
}

/** Rasterises one tall SVG holding every frame (one librsvg pass instead of one per frame). */
export async function stripFromSvg(
  svg: string,
  size: { width: number; height: number; frames: number; delayMs: number; transparent: boolean },
): Promise<FrameStrip> {
  const rgba = await sharp(Buffer.from(svg), { density: 72 })
    .resize(size.width, size.height * size.frames, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { ...size, rgba };
}

/** Resizes every frame on its own: libvips drops the page structure of raw input when resizing it whole. */
export async function resizeStrip(strip: FrameStrip, width: number, height: number): Promise<FrameStrip> {
  if (width === strip.width && height === strip.height) return strip;
  const frameBytes = strip.width * strip.height * 4;
  const frames = await Promise.all(
    Array.from({ length: strip.frames }, (_, i) =>
      sharp(strip.rgba.subarray(i * frameBytes, (i + 1) * frameBytes), {
        raw: { width: strip.width, height: strip.height, channels: 4 },
      })
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer(),
    ),
  );
  return { ...strip, width, height, rgba: Buffer.concat(frames) };
}

/** The first frame as its own raw image. */
export function firstFrame(strip: FrameStrip): Sharp {
  return sharp(strip.rgba.subarray(0, strip.width * strip.height * 4), {
    raw: { width: strip.width, height: strip.height, channels: 4 },
  });
}

/** A sharp pipeline over the strip that libvips treats as an animation (do not resize it: see resizeStrip). */
export function animated(strip: FrameStrip): Sharp {
  return sharp(strip.rgba, {
    raw: { width: strip.width, height: strip.height * strip.frames, channels: 4, pageHeight: strip.height },
  });
}
