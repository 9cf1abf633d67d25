import { GRID_COLUMN_BREAKPOINTS, GRID_GUTTER_PX, LAYOUT_GRID_WIDTH_PX, PAGE_PADDING_PX } from '@loopbox/pages';
import { getGifHeight, RENDITION_TOLERANCE_PX, type IGif } from '@loopbox/sdk';
import { masonry } from '@loopbox/widgets/masonry';
import { COLUMN_CHOICE_GRID_WIDTH } from './constants.ts';

/**
 * The served grid, drawn by CSS at any width as the app's Grid draws it (apps/widgets/src/grid):
 * the columns by the grid's width (a container query), tile width floor((width - gutters) / columns)
 * of the floored width, each tile's height its GIF's at that width rounded to a pixel, and each tile's
 * place the masonry's (a tile to the shortest column) for 2, 3 and 4 columns, sent as custom
 * properties. The server cannot know the width (no script has measured it): CSS can.
 */

const TILE_WIDTH = 'var(--lb-ssr-w)';
const tileHeight = (gif: IGif) => {
  const original = gif.images.original;
  return original && original.width > 0 ? `round(${TILE_WIDTH}*${original.height}/${original.width},1px)` : '0px';
};
/** The sum of tiles' heights and the gutters between them, as CSS. */
const stackHeight = (gifs: readonly IGif[], gutters: number) =>
  gifs.length === 0 ? '0px' : `calc(${[...gifs.map(tileHeight), `${gutters * GRID_GUTTER_PX}px`].join(' + ')})`;

interface Placement {
  column: number;
  top: string;
}

/** Each tile's column and top for `columns` columns, and the grid's height. */
function placements(gifs: readonly IGif[], columns: number): { tiles: Placement[]; height: string } {
  const width = COLUMN_CHOICE_GRID_WIDTH[columns] ?? LAYOUT_GRID_WIDTH_PX;
  const tileWidth = Math.floor((width - GRID_GUTTER_PX * (columns - 1)) / columns);
  const indexed = gifs.map((gif, index) => ({ gif, index }));
  const layout = masonry(indexed, columns, GRID_GUTTER_PX, ({ gif }) => getGifHeight(gif, tileWidth));
  const tiles: Placement[] = [];
  layout.columns.forEach((column, c) => {
    column.forEach(({ index }, row) => {
      tiles[index] = {
        column: c,
        top: stackHeight(
          column.slice(0, row).map((t) => t.gif),
          row,
        ),
      };
    });
  });
  const heights = layout.columns
    .filter((column) => column.length > 0)
    .map((column) =>
      stackHeight(
        column.map((t) => t.gif),
        column.length - 1,
      ),
    );
  return { tiles, height: heights.length > 0 ? `max(${heights.join(', ')})` : '0px' };
}

const columnCounts = () => GRID_COLUMN_BREAKPOINTS.map((b) => b.columns);

/** The grid's CSS: its columns by its container's width, as gridColumns(width) chooses them. */
export function masonryCss(): string {
  const rules = (columns: number) => {
    const width = `round(down,(round(down,100cqw,1px) - ${GRID_GUTTER_PX * (columns - 1)}px)/${columns},1px)`;
    return `.lb-ssr-grid{--lb-ssr-w:${width};height:var(--lb-ssr-h${columns})}.lb-ssr-grid>.lb-ssr-tile{left:calc(var(--lb-ssr-c${columns})*(var(--lb-ssr-w) + ${GRID_GUTTER_PX}px));top:var(--lb-ssr-t${columns})}`;
  };
  const narrowestFirst = [...GRID_COLUMN_BREAKPOINTS].reverse();
  return narrowestFirst
    .map((b) => (b.minWidth === 0 ? rules(b.columns) : `@container (min-width:${b.minWidth}px){${rules(b.columns)}}`))
    .join('');
}

/**
 * The `sizes` of a tile's srcset: the tile's width at each viewport (the page at most
 * LAYOUT_GRID_WIDTH_PX wide, padded) less the rendition tolerance, so the browser picks the
 * rendition the grid will show.
 */
export function tileSizes(): string {
  const pad = 2 * PAGE_PADDING_PX;
  const widest = GRID_COLUMN_BREAKPOINTS[0]!.columns;
  const full = Math.floor((LAYOUT_GRID_WIDTH_PX - GRID_GUTTER_PX * (widest - 1)) / widest) - RENDITION_TOLERANCE_PX;
  const at = ({ minWidth, columns }: { minWidth: number; columns: number }) => {
    const size = `calc((100vw - ${pad + GRID_GUTTER_PX * (columns - 1)}px) / ${columns} - ${RENDITION_TOLERANCE_PX}px)`;
    return minWidth === 0 ? size : `(min-width: ${minWidth + pad}px) ${size}`;
  };
  return [`(min-width: ${LAYOUT_GRID_WIDTH_PX + pad}px) ${full}px`, ...GRID_COLUMN_BREAKPOINTS.map(at)].join(', ');
}

/** The grid: `tile(gif, index)` is each tile's inner markup, placed for every column count. */
export function masonryGrid(gifs: readonly IGif[], tile: (gif: IGif, index: number) => string, link: (gif: IGif) => string): string {
  const byColumns = columnCounts().map((columns) => ({ columns, ...placements(gifs, columns) }));
  const gridStyle = byColumns.map(({ columns, height }) => `--lb-ssr-h${columns}:${height}`).join(';');
  const tiles = gifs.map((gif, index) => {
    const place = byColumns
      .map(({ columns, tiles }) => `--lb-ssr-c${columns}:${tiles[index]!.column};--lb-ssr-t${columns}:${tiles[index]!.top}`)
      .join(';');
    return `<a class="lb-ssr-tile" href="${link(gif)}" style="height:${tileHeight(gif)};${place}">${tile(gif, index)}</a>`;
  });
  return `<div class="lb-ssr-feed"><div class="lb-ssr-grid" style="${gridStyle}">${tiles.join('')}</div></div>`;
}
