/** Tile width: floor((width − gutter × (columns − 1)) / columns) (SPEC 9). */
export function gridTileWidth(width: number, columns: number, gutter: number): number {
  return Math.max(0, Math.floor((width - gutter * (columns - 1)) / columns));
}

export interface MasonryLayout<T> {
  columns: T[][];
  /** Each column's height in pixels, gutters between its tiles included. */
  heights: number[];
}

/**
 * Masonry: each item, in order, goes to the shortest column so far (the leftmost on a tie).
 * Appending items never moves the ones already placed.
 */
export function masonry<T>(items: readonly T[], columnCount: number, gutter: number, heightOf: (item: T) => number): MasonryLayout<T> {
  const count = Math.max(1, columnCount);
  const columns: T[][] = Array.from({ length: count }, () => []);
  const heights: number[] = Array.from({ length: count }, () => 0);
  for (const item of items) {
    let shortest = 0;
    for (let i = 1; i < count; i += 1) if (heights[i]! < heights[shortest]!) shortest = i;
    heights[shortest]! += (columns[shortest]!.length > 0 ? gutter : 0) + heightOf(item);
    columns[shortest]!.push(item);
  }
  return { columns, heights };
}
