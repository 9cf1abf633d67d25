import { getBestRendition, getBestRenditionUrl, RENDITION_TOLERANCE_PX, type IImages, type RenditionVariant } from '@loopbox/sdk';
import { IMAGE_SRCSET_WIDTHS, WEBP_SRCSET_WIDTHS } from '../constants.ts';

export interface ImageSources {
  /** The fallback image URL, best fit for the tile. */
  src: string | undefined;
  /** srcset of the animated GIF renditions (200w, 480w, 500w). */
  srcSet: string | undefined;
  /** srcset of the webp renditions (200w, 480w); undefined when the GIF has none. */
  webpSrcSet: string | undefined;
  /** The `sizes` both srcsets are chosen for (see slotSizes). */
  sizes: string;
}

/**
 * The browser takes the smallest srcset candidate at least `sizes` × device pixel ratio wide.
 * Describing the slot as RENDITION_TOLERANCE_PX narrower than the tile lets it take a rendition
 * that fills the tile scaled up by at most that much, the rule `src` follows (getBestRendition):
 * a 245 px tile loads the 200w rendition, as GIPHY's grid does, instead of one more than twice its bytes.
 */
const slotSizes = (width: number) => `${Math.max(1, width - RENDITION_TOLERANCE_PX)}px`;

/**
 * A srcset offering, for each wanted width, the rendition that fits it best, described by its
 * real width; duplicates are dropped.
 */
function srcSetFor(images: IImages, variant: RenditionVariant, widths: readonly number[]): string | undefined {
  const entries = new Map<string, number>();
  for (const width of widths) {
    const rendition = getBestRendition(images, width, 0, variant);
    if (rendition && rendition.width > 0) entries.set(rendition.url, rendition.width);
  }
  if (entries.size === 0) return undefined;
  return [...entries].map(([url, width]) => `${url} ${width}w`).join(', ');
}

/** The srcsets a tile offers, whatever its size: the animated GIF's and the webp's. */
export function tileSrcSets(images: IImages): Pick<ImageSources, 'srcSet' | 'webpSrcSet'> {
  return { srcSet: srcSetFor(images, 'gif', IMAGE_SRCSET_WIDTHS), webpSrcSet: srcSetFor(images, 'webp', WEBP_SRCSET_WIDTHS) };
}

export function imageSources(gif: { images: IImages }, width: number, height: number): ImageSources {
  return { src: getBestRenditionUrl(gif, width, height), ...tileSrcSets(gif.images), sizes: slotSizes(width) };
}
