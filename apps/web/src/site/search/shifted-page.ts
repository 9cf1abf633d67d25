import type { GifsResult } from '@loopbox/sdk';

/**
 * A page of a feed that starts `base` results in, as the widgets' paginator must see it: offsets
 * and the total counted from the feed's own start, so it stops at the real end.
 */
export function shiftedPage(page: GifsResult, base: number): GifsResult {
  const { pagination } = page;
  return {
    ...page,
    pagination: { ...pagination, offset: Math.max(0, pagination.offset - base), total_count: Math.max(0, pagination.total_count - base) },
  };
}
