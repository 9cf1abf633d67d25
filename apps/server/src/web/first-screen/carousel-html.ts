import { CAROUSEL_TALL_MIN_WIDTH_PX, carouselHeight, GRID_GUTTER_PX, PAGE_PADDING_PX } from '@loopbox/pages';
import { getGifWidth, RENDITION_TOLERANCE_PX, type IGif } from '@loopbox/sdk';

/**
 * The home page's sticker row, drawn by CSS as the site's GifCarousel draws it: its tiles'
 * height by the row's width (a container query), each tile its GIF's width at that height rounded
 * to a pixel (carouselTileWidth).
 */
export function carouselCss(): string {
  const row = (width: number) =>
    `.lb-ssr-carousel>.lb-carousel{--lb-ssr-row:${carouselHeight(width)}px;gap:${GRID_GUTTER_PX}px;height:var(--lb-ssr-row)}`;
  return [
    `.lb-ssr-carousel{container-type:inline-size}${row(0)}@container (min-width:${CAROUSEL_TALL_MIN_WIDTH_PX}px){${row(CAROUSEL_TALL_MIN_WIDTH_PX)}}`,
    '.lb-ssr-carousel__tile{height:100%}.lb-ssr-carousel__tile picture,.lb-ssr-carousel__tile img{display:block;width:100%;height:100%}',
  ].join('');
}

/**
 * A sticker tile's `sizes`, for the rendition the Carousel's tile picks (apps/widgets image-sources):
 * the tile's width less the rendition tolerance, at the row's height for the viewport (the row is
 * the page's width less its padding).
 */
export function carouselTileSizes(gif: IGif): string {
  const slot = (width: number) => `${Math.max(1, getGifWidth(gif, carouselHeight(width)) - RENDITION_TOLERANCE_PX)}px`;
  return `(min-width: ${CAROUSEL_TALL_MIN_WIDTH_PX + 2 * PAGE_PADDING_PX}px) ${slot(CAROUSEL_TALL_MIN_WIDTH_PX)}, ${slot(0)}`;
}

/** A sticker tile's width as CSS: getGifWidth at the row's height. */
export const carouselTileWidth = (original: { width: number; height: number }) =>
  `round(var(--lb-ssr-row)*${original.width}/${original.height},1px)`;
