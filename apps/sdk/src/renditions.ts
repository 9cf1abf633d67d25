import { RENDITION_TOLERANCE_PX } from './constants.ts';
import type { IImages, IRendition, RenditionName } from './types.ts';

/** Which file of a rendition is wanted: the animated GIF, its webp or mp4, or a still image. */
export type RenditionVariant = 'gif' | 'webp' | 'mp4' | 'still';

export interface Size {
  width: number;
  height: number;
}

export interface ChosenRendition {
  name: RenditionName;
  width: number;
  height: number;
  url: string;
}

/** Animated renditions considered, smallest first (hd carries only an mp4). */
const ANIMATED_RENDITIONS: readonly RenditionName[] = [
  'fixed_width_small',
  'fixed_height_small',
  'fixed_width',
  'fixed_height',
  'original',
  'hd',
];

const STILL_RENDITIONS: readonly RenditionName[] = [
  'fixed_width_small_still',
  'fixed_height_small_still',
  'fixed_width_still',
  'fixed_height_still',
  'original_still',
];

function variantUrl(rendition: IRendition, variant: RenditionVariant): string | undefined {
  switch (variant) {
    case 'webp':
      return rendition.webp;
    case 'mp4':
      return rendition.mp4;
    case 'gif':
    case 'still':
      return rendition.url;
  }
}

/**
 * The smallest of `renditions` that covers width x height when scaled up by at most
 * `tolerance` pixels in each dimension; the largest one when none does. Renditions are
 * assumed to share one aspect ratio. A target dimension of 0 is not constrained.
 */
export function bestFit<T extends Size>(
  renditions: readonly T[],
  width: number,
  height: number,
  tolerance: number = RENDITION_TOLERANCE_PX,
): T | undefined {
  const bySize = [...renditions].sort((a, b) => a.width * a.height - b.width * b.height);
  const covers = (r: T) => r.width + tolerance >= width && r.height + tolerance >= height;
  return bySize.find(covers) ?? bySize.at(-1);
}

/** The best-fitting rendition of a GIF that has the wanted variant, with that variant's URL. */
export function getBestRendition(
  images: IImages,
  width: number,
  height: number,
  variant: RenditionVariant = 'gif',
): ChosenRendition | undefined {
  const names = variant === 'still' ? STILL_RENDITIONS : ANIMATED_RENDITIONS;
  const candidates: ChosenRendition[] = [];
  for (const name of names) {
    const rendition = images[name];
    const url = rendition && variantUrl(rendition, variant);
    if (rendition && url) candidates.push({ name, width: rendition.width, height: rendition.height, url });
  }
  return bestFit(candidates, width, height);
}

/** The URL of the best-fitting rendition in the wanted variant, if the GIF has one. */
export function getBestRenditionUrl(
  { images }: { images: IImages },
  width: number,
  height: number,
  variant: RenditionVariant = 'gif',
): string | undefined {
  return getBestRendition(images, width, height, variant)?.url;
}
