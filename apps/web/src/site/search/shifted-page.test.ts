import { gifPaginator, type GifsResult } from '@loopbox/sdk';
import { describe, expect, it } from 'vitest';
import { shiftedPage } from './shifted-page.ts';

const meta = { status: 200, msg: 'OK', response_id: 'r' };
/** A result list of `total` ids served in pages of 2, read through shiftedPage from `base`. */
const feed = (total: number, base: number) => (offset: number) => {
  const from = base + offset;
  const data = Array.from({ length: Math.max(0, Math.min(2, total - from)) }, (_, i) => ({ id: `g${from + i}` }));
  return Promise.resolve(
    shiftedPage({ data, pagination: { offset: from, count: data.length, total_count: total }, meta } as unknown as GifsResult, base),
  );
};

describe('a feed that starts part-way', () => {
  it('pages from its start to the real end and stops there', async () => {
    const next = gifPaginator(feed(7, 4));
    await next();
    const all = await next();
    expect(all.map((g) => g.id)).toEqual(['g4', 'g5', 'g6']);
    expect(await next()).toHaveLength(3);
  });

  it('is empty past the end', async () => {
    expect(await gifPaginator(feed(3, 10))()).toEqual([]);
  });
});
