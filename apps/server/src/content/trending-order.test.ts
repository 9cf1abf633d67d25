import { describe, expect, it } from 'vitest';
import { TRENDING_ORDER_MAX_AGE_MS, TRENDING_ORDER_MIN_INTERVAL_MS } from './constants.ts';
import { listsToRebuild, type OrderState } from './trending-order.ts';

const state = (lists: Partial<OrderState['lists'][number]>[], trendingSeq = '40', contentVersion = '7'): OrderState => ({
  lists: lists.map((l, i) => ({ key: `gif:${i}`, builtSeq: '40', contentVersion: '7', ageMs: 1_000, ...l })),
  trendingSeq,
  contentVersion,
});

describe('which kept trending lists the runner rebuilds', () => {
  it('builds a wanted list and one built before a GIF changed at once', () => {
    expect(listsToRebuild(state([{ builtSeq: '-1' }, { contentVersion: '6' }, {}]))).toEqual(['gif:0', 'gif:1']);
  });

  it('follows the scores at most every TRENDING_ORDER_MIN_INTERVAL_MS', () => {
    expect(listsToRebuild(state([{ builtSeq: '39', ageMs: TRENDING_ORDER_MIN_INTERVAL_MS - 1 }]))).toEqual([]);
    expect(listsToRebuild(state([{ builtSeq: '39', ageMs: TRENDING_ORDER_MIN_INTERVAL_MS }]))).toEqual(['gif:0']);
  });

  it('rebuilds an unchanged list only past TRENDING_ORDER_MAX_AGE_MS', () => {
    expect(listsToRebuild(state([{ ageMs: TRENDING_ORDER_MAX_AGE_MS - 1 }]))).toEqual([]);
    expect(listsToRebuild(state([{ ageMs: TRENDING_ORDER_MAX_AGE_MS }]))).toEqual(['gif:0']);
  });
});
