import { escapeHtml, gifPath, PROVIDER_NAME } from '@loopbox/pages';
import { getAltText, getBestRendition, getBestRenditionUrl, getGifHeight, type IGif, type IImages, type RenditionVariant } from '@loopbox/sdk';
import { EAGER_TILES, GIF_MEDIA_SIZES, MEDIA_MAX_HEIGHT, MEDIA_MAX_SCALE, IMAGE_SRCSET_WIDTHS, PRELOADED_TILES, WEBP_SRCSET_WIDTHS } from './constants.ts';
import { masonryCss, masonryGrid, tileSizes } from './masonry-html.ts';
import type { FirstScreenLink, FirstScreenView } from './first-screen-view.ts';

/** The width of a tile's fallback rendition and its img's size attributes (CSS sizes the tile). */
const LAYOUT_TILE_WIDTH = 250;
const TILE_SIZES = tileSizes();

/** Each wanted width's best rendition, by its real width (as the grid's tiles offer them). */
function srcSet(images: IImages, variant: RenditionVariant, widths: readonly number[]): string | undefined {
  const entries = new Map<string, number>();
  for (const width of widths) {
    const rendition = getBestRendition(images, width, 0, variant);
    if (rendition && rendition.width > 0) entries.set(rendition.url, rendition.width);
  }
  return entries.size === 0 ? undefined : [...entries].map(([url, width]) => `${url} ${width}w`).join(', ');
}

interface Media {
  src: string;
  srcSet: string | undefined;
  webpSrcSet: string | undefined;
  sizes: string;
}

function mediaOf(gif: IGif, width: number, sizes: string): Media | undefined {
  const src = getBestRenditionUrl(gif, width, getGifHeight(gif, width));
  return src ? { src, srcSet: srcSet(gif.images, 'gif', IMAGE_SRCSET_WIDTHS), webpSrcSet: srcSet(gif.images, 'webp', WEBP_SRCSET_WIDTHS), sizes } : undefined;
}

const attr = (name: string, value: string | number | undefined) => (value === undefined ? '' : ` ${name}="${escapeHtml(String(value))}"`);

function picture(gif: IGif, media: Media, width: number, { eager, high }: { eager: boolean; high: boolean }): string {
  const source = media.webpSrcSet ? `<source type="image/webp"${attr('srcset', media.webpSrcSet)}${attr('sizes', media.sizes)}>` : '';
  const img = `<img class="lb-ssr-tile__image"${attr('src', media.src)}${attr('srcset', media.srcSet)}${attr('sizes', media.sizes)}${attr('width', width)}${attr('height', getGifHeight(gif, width))}${attr('alt', getAltText(gif))}${eager ? '' : ' loading="lazy"'}${high ? ' fetchpriority="high"' : ''}>`;
  return `<picture>${source}${img}</picture>`;
}

function tile(gif: IGif, index: number): string {
  const media = mediaOf(gif, LAYOUT_TILE_WIDTH, TILE_SIZES);
  return media ? picture(gif, media, LAYOUT_TILE_WIDTH, { eager: index < EAGER_TILES, high: index < PRELOADED_TILES }) : escapeHtml(getAltText(gif));
}

/** The GIF page's media box as the page sizes it (gif/media-size.ts): the column's width, at most 2× the GIF and 540 px high. */
function mediaBox(gif: IGif): string {
  const original = gif.images.original;
  if (!original || original.width <= 0 || original.height <= 0) return '';
  const widest = Math.min(original.width * MEDIA_MAX_SCALE, Math.round((MEDIA_MAX_HEIGHT * original.width) / original.height));
  return `width: min(100%, ${widest}px)`;
}

const link = ({ href, text }: FirstScreenLink, className?: string) => `<a${attr('class', className)} href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/**
 * A site page's first screen as HTML, inside the app's root: readable with scripts off (a crawler,
 * a text browser), replaced by the app when its script runs.
 */
export function firstScreenHtml(view: FirstScreenView): string {
  const main = view.gif ? mediaOf(view.gif, view.gif.images.original?.width ?? LAYOUT_TILE_WIDTH, GIF_MEDIA_SIZES) : undefined;
  const pager = [view.previous && link(view.previous, 'lb-ssr-pager__previous'), view.next && link(view.next, 'lb-ssr-pager__next')].filter(Boolean);
  return [
    `<div class="lb-ssr"><style>${masonryCss()}</style>`,
    `<header class="lb-ssr-header"><a class="lb-ssr-header__logo" href="/">${escapeHtml(PROVIDER_NAME)}</a></header>`,
    '<div class="lb-site-main" role="main">',
    `<h1 class="lb-page-header__title">${escapeHtml(view.heading)}</h1>`,
    view.gif && main ? `<div class="lb-ssr-media" style="${mediaBox(view.gif)}">${picture(view.gif, main, view.gif.images.original?.width ?? LAYOUT_TILE_WIDTH, { eager: true, high: true })}</div>` : '',
    view.links.length > 0 ? `<nav class="lb-ssr-links" aria-label="On this page">${view.links.map((l) => link(l)).join(' ')}</nav>` : '',
    view.gridTitle ? `<h2 class="lb-section__title">${escapeHtml(view.gridTitle)}</h2>` : '',
    view.gifs.length > 0 ? masonryGrid(view.gifs, tile, (gif) => escapeHtml(gifPath(gif))) : '',
    pager.length > 0 ? `<nav class="lb-ssr-pager" aria-label="Pages">${pager.join(' ')}</nav>` : '',
    '</div>',
    '</div>',
  ].join('');
}

/** The head's preloads of the first screen's media: the GIF page's GIF, else the grid's first tiles. */
export function firstScreenPreloads(view: FirstScreenView): string {
  const preload = (media: Media) =>
    media.webpSrcSet
      ? `<link rel="preload" as="image" type="image/webp" fetchpriority="high"${attr('imagesrcset', media.webpSrcSet)}${attr('imagesizes', media.sizes)}>`
      : `<link rel="preload" as="image" fetchpriority="high"${attr('href', media.src)}${attr('imagesrcset', media.srcSet)}${attr('imagesizes', media.sizes)}>`;
  const main = view.gif && mediaOf(view.gif, view.gif.images.original?.width ?? LAYOUT_TILE_WIDTH, GIF_MEDIA_SIZES);
  const tiles = main ? [] : view.gifs.slice(0, PRELOADED_TILES).flatMap((gif) => mediaOf(gif, LAYOUT_TILE_WIDTH, TILE_SIZES) ?? []);
  return [...(main ? [main] : []), ...tiles].map(preload).join('');
}
