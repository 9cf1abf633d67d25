import { getBestRenditionUrl, type IGif } from '@loopbox/sdk';

/**
 * The home page's rows above its grid, shared by the web app (site/home, shell/CategoryCards,
 * shell/GifCarousel) and the server's first screen, so both draw them at the same places.
 */

/** Trending searches shown as the home page's pills. */
export const HOME_SEARCHES_SHOWN = 10;

/** A sticker row's box from this width up shows its tiles taller. */
export const CAROUSEL_TALL_MIN_WIDTH_PX = 560;
/** Tile height of the sticker rows: smaller on a phone. */
export const carouselHeight = (width: number) => (width >= CAROUSEL_TALL_MIN_WIDTH_PX ? 150 : 110);

/** A category card's picture (4:3, as site.css draws it): the featured GIF is shown whole in it, so cards never change height as images load. */
export const CATEGORY_CARD_WIDTH = 248;
export const CATEGORY_CARD_HEIGHT = 186;
/** The first cards are on the first screen of a desktop: no lazy-loading delay for them. */
export const EAGER_CATEGORY_CARDS = 4;

/** The file a category card shows: the webp rendition that fits the card, else the GIF's. */
export function categoryCardImage(gif: IGif): string | undefined {
  return (
    getBestRenditionUrl(gif, CATEGORY_CARD_WIDTH, CATEGORY_CARD_HEIGHT, 'webp') ??
    getBestRenditionUrl(gif, CATEGORY_CARD_WIDTH, CATEGORY_CARD_HEIGHT)
  );
}
