import {
  CATEGORY_CARD_HEIGHT,
  CATEGORY_CARD_WIDTH,
  categoryCardImage,
  EAGER_CATEGORY_CARDS,
  escapeHtml,
  gifPath,
  MEDIA_MAX_HEIGHT,
  MEDIA_MAX_SCALE,
} from '@loopbox/pages';
import { getAltText, getBestRenditionUrl, getGifHeight, type IGif } from '@loopbox/sdk';
import { tileSrcSets } from '@loopbox/widgets/image-sources';
import { EAGER_TILES, GIF_MEDIA_SIZES, PRELOADED_CATEGORY_CARDS, PRELOADED_TILES } from './constants.ts';
import { AFTER_URGENT_MEDIA_CLASS } from './app-loader.ts';
import { carouselCss, carouselTileSizes, carouselTileWidth } from './carousel-html.ts';
import { headerHtml } from './header-html.ts';
import { masonryCss, masonryGrid, tileSizes } from './masonry-html.ts';
import type { FirstScreenLink, FirstScreenView, HomeRows } from './first-screen-view.ts';

/** The width of a tile's fallback rendition and its img's size attributes (CSS sizes the tile). */
const LAYOUT_TILE_WIDTH = 250;
const TILE_SIZES = tileSizes();

interface Media {
  src: string;
  srcSet: string | undefined;
  webpSrcSet: string | undefined;
  sizes: string;
}

/** A GIF's sources as the app's tiles offer them (apps/widgets image-sources), for a slot of `sizes`. */
function mediaOf(gif: Pick<IGif, 'images'>, width: number, height: number, sizes: string): Media | undefined {
  const src = getBestRenditionUrl(gif, width, height);
  return src ? { src, ...tileSrcSets(gif.images), sizes } : undefined;
}

const attr = (name: string, value: string | number | undefined) => (value === undefined ? '' : ` ${name}="${escapeHtml(String(value))}"`);

function picture(gif: IGif, media: Media, width: number, { eager, high }: { eager: boolean; high: boolean }): string {
  const source = media.webpSrcSet ? `<source type="image/webp"${attr('srcset', media.webpSrcSet)}${attr('sizes', media.sizes)}>` : '';
  const img = `<img${attr('src', media.src)}${attr('srcset', media.srcSet)}${attr('sizes', media.sizes)}${attr('width', width)}${attr('height', getGifHeight(gif, width))}${attr('alt', getAltText(gif))}${eager ? '' : ' loading="lazy"'}${high ? ' fetchpriority="high"' : ''}>`;
  return `<picture>${source}${img}</picture>`;
}

const gridMedia = (gif: IGif) => mediaOf(gif, LAYOUT_TILE_WIDTH, getGifHeight(gif, LAYOUT_TILE_WIDTH), TILE_SIZES);
const mainMedia = (gif: Pick<IGif, 'images'>) => {
  const width = gif.images.original?.width ?? LAYOUT_TILE_WIDTH;
  return mediaOf(gif, width, getGifHeight(gif, width), GIF_MEDIA_SIZES);
};

/**
 * Markup whose media wait for the first screen's urgent ones: a template the app's loader puts in
 * place once those are in (app-loader.ts), and the same markup for a browser without scripts.
 */
const afterUrgentMedia = (html: string) => `<template class="${AFTER_URGENT_MEDIA_CLASS}">${html}</template><noscript>${html}</noscript>`;

/**
 * The grid's tiles. Below the home page's rows or a GIF page's GIF none is urgent: they wait for the
 * media above them, whose slow link they would otherwise share, and then load lazily.
 */
function gridTile(urgent: boolean) {
  return (gif: IGif, index: number) => {
    const media = gridMedia(gif);
    if (!media) return escapeHtml(getAltText(gif));
    return urgent
      ? picture(gif, media, LAYOUT_TILE_WIDTH, { eager: index < EAGER_TILES, high: index < PRELOADED_TILES })
      : afterUrgentMedia(picture(gif, media, LAYOUT_TILE_WIDTH, { eager: false, high: false }));
  };
}

/** The GIF page's media box as the page sizes it (@loopbox/pages mediaSize): the column's width, at most 2× the GIF and 540 px high. */
function mediaBox(gif: IGif): string {
  const original = gif.images.original;
  if (!original || original.width <= 0 || original.height <= 0) return '';
  const widest = Math.min(original.width * MEDIA_MAX_SCALE, Math.round((MEDIA_MAX_HEIGHT * original.width) / original.height));
  return `width: min(100%, ${widest}px)`;
}

const link = ({ href, text }: FirstScreenLink, className?: string) =>
  `<a${attr('class', className)} href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

const section = (title: string, body: string, className = 'lb-section') =>
  `<section class="${className}"><h2 class="lb-section__title">${title}</h2>${body}</section>`;

/** A row of stickers as the site's Carousel lays it out (the widget's tile classes): each tile its GIF's width at the row's height. */
function stickerRow(stickers: readonly IGif[]): string {
  const tiles = stickers.map((gif) => {
    const original = gif.images.original;
    const media = mediaOf(gif, LAYOUT_TILE_WIDTH, 0, carouselTileSizes(gif));
    if (!original || original.width <= 0 || original.height <= 0 || !media) return '';
    return `<a class="lb-gif${gif.is_sticker ? ' lb-gif--sticker' : ''} lb-ssr-carousel__tile" href="${escapeHtml(gifPath(gif))}" style="width:${carouselTileWidth(original)}">${picture(gif, media, original.width, { eager: true, high: false })}</a>`;
  });
  return `<div class="lb-site-carousel lb-ssr-carousel"><div class="lb-carousel" role="region" aria-label="Trending stickers">${tiles.join('')}</div></div>`;
}

function categoryCards(categories: HomeRows['categories']): string {
  const cards = categories.map(({ href, name, gif }, index) => {
    const image = gif && categoryCardImage(gif);
    // The cards every viewport shows are preloaded (firstScreenPreloads): the app's code waits for them.
    const priority =
      PRELOADED_CATEGORY_CARDS[index] === undefined && index < PRELOADED_CATEGORY_CARDS.length ? ' fetchpriority="high"' : '';
    const picture =
      image && gif
        ? `<img${attr('src', image)}${attr('alt', getAltText(gif))} width="${CATEGORY_CARD_WIDTH}" height="${CATEGORY_CARD_HEIGHT}"${index < EAGER_CATEGORY_CARDS ? '' : ' loading="lazy"'}${priority}>`
        : '<span class="lb-category-card__blank"></span>';
    return `<li><a class="lb-category-card" href="${escapeHtml(href)}">${picture}<span class="lb-category-card__name">${escapeHtml(name)}</span></a></li>`;
  });
  return `<ul class="lb-category-cards">${cards.join('')}</ul>`;
}

/** The home page's rows above its grid, as HomePage.tsx draws them. */
function homeRows(home: HomeRows): string {
  const pills = home.searches.map((term) => `<li>${link(term, 'lb-pill')}</li>`).join('');
  return [
    section(
      'Trending searches',
      pills ? `<ul class="lb-pills" aria-label="Trending searches">${pills}</ul>` : '',
      'lb-section lb-section--pills',
    ),
    section('<a href="/stickers">Trending stickers</a>', stickerRow(home.stickers)),
    section('<a href="/categories">Categories</a>', categoryCards(home.categories)),
  ].join('');
}

/**
 * A site page's first screen as HTML, inside the app's root: readable with scripts off (a crawler,
 * a text browser), replaced by the app when its script runs.
 */
export function firstScreenHtml(view: FirstScreenView): string {
  const main = view.gif && mainMedia(view.gif);
  const pager = [view.previous && link(view.previous, 'lb-ssr-pager__previous'), view.next && link(view.next, 'lb-ssr-pager__next')].filter(
    Boolean,
  );
  const grid = view.gifs.length > 0 ? masonryGrid(view.gifs, gridTile(!view.home && !view.gif), (gif) => escapeHtml(gifPath(gif))) : '';
  return [
    `<div class="lb-ssr"><style>${masonryCss()}${view.home ? carouselCss() : ''}</style>`,
    headerHtml(view.searchTerm),
    '<div class="lb-site-main" role="main">',
    `<h1 class="${view.home ? 'lb-visually-hidden' : 'lb-page-header__title'}">${escapeHtml(view.heading)}</h1>`,
    view.gif && main
      ? `<div class="lb-ssr-media" style="${mediaBox(view.gif)}">${picture(view.gif, main, view.gif.images.original?.width ?? LAYOUT_TILE_WIDTH, { eager: true, high: true })}</div>`
      : '',
    view.links.length > 0 ? `<nav class="lb-ssr-links" aria-label="On this page">${view.links.map((l) => link(l)).join(' ')}</nav>` : '',
    view.home ? homeRows(view.home) : '',
    view.home && view.gridTitle
      ? section(link({ href: '/trending-gifs', text: view.gridTitle }), grid)
      : `${view.gridTitle ? `<h2 class="lb-section__title">${escapeHtml(view.gridTitle)}</h2>` : ''}${grid}`,
    pager.length > 0 ? `<nav class="lb-ssr-pager" aria-label="Pages">${pager.join(' ')}</nav>` : '',
    '</div>',
    '</div>',
  ].join('');
}

const preloadMedia = (media: Media) =>
  media.webpSrcSet
    ? `<link rel="preload" as="image" type="image/webp" fetchpriority="high"${attr('imagesrcset', media.webpSrcSet)}${attr('imagesizes', media.sizes)}>`
    : `<link rel="preload" as="image" fetchpriority="high"${attr('href', media.src)}${attr('imagesrcset', media.srcSet)}${attr('imagesizes', media.sizes)}>`;

/** The preload of a GIF page's GIF, in the size and formats its picture will ask for. */
export function gifMediaPreload(gif: Pick<IGif, 'images'>): string {
  const main = mainMedia(gif);
  return main ? preloadMedia(main) : '';
}

/**
 * The head's preloads of the first screen's largest media: the GIF page's GIF; on the home page the
 * category cards a viewport shows (the others only where the viewport is wide enough); else the grid's first tiles.
 */
export function firstScreenPreloads(view: FirstScreenView): string {
  if (view.gif) return gifMediaPreload(view.gif);
  if (view.home) {
    return view.home.categories
      .slice(0, PRELOADED_CATEGORY_CARDS.length)
      .map(({ gif }, index) => {
        const image = gif && categoryCardImage(gif);
        const media = PRELOADED_CATEGORY_CARDS[index];
        return image
          ? `<link rel="preload" as="image" fetchpriority="high"${attr('href', image)}${media ? attr('media', media) : ''}>`
          : '';
      })
      .join('');
  }
  return view.gifs
    .slice(0, PRELOADED_TILES)
    .flatMap((gif) => gridMedia(gif) ?? [])
    .map(preloadMedia)
    .join('');
}
