import { describe, expect, it, vi } from 'vitest';
import { gifPaginator, type Page } from './paginator.ts';

type Item = { id: string };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));

function page(ids: string[], offset: number, total_count: number): Page<Item> {
  return { data: items(...ids), pagination: { count: ids.length, offset, total_count } };
}

describe('gifPaginator (SPEC 4.5)', () => {
  it('fetches at offset count + offset and stops at total_count', async () => {
    const fetchPage = vi.fn(async (offset: number) => (offset === 0 ? page(['a', 'b'], 0, 3) : page(['c'], offset, 3)));
    const next = gifPaginator(fetchPage);
    expect(await next()).toEqual(items('a', 'b'));
    expect(await next()).toEqual(items('a', 'b', 'c'));
    expect(fetchPage.mock.calls).toEqual([[0], [2]]);
  });

  it('makes no request once done and returns the held list', async () => {
    const fetchPage = vi.fn(async () => page(['a'], 0, 1));
    const next = gifPaginator(fetchPage);
    await next();
    expect(await next()).toEqual(items('a'));
    expect(await next()).toEqual(items('a'));
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('starts with the items already held and adds only unseen ids', async () => {
    const fetchPage = vi.fn(async () => page(['b', 'c', 'c'], 0, 10));
    const next = gifPaginator(fetchPage, items('a', 'b'));
    expect(await next()).toEqual(items('a', 'b', 'c'));
  });

  it('uses the offset the server reports', async () => {
    const fetchPage = vi.fn(async (offset: number) => page([`x${offset}`], offset === 0 ? 5 : offset, 100));
    const next = gifPaginator(fetchPage);
    await next();
    await next();
    expect(fetchPage.mock.calls).toEqual([[0], [6]]);
  });

  it('is done after an empty page even if total_count says otherwise', async () => {
    const fetchPage = vi.fn(async () => page([], 0, 50));
    const next = gifPaginator(fetchPage);
    await next();
    await next();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('returns a new array each time', async () => {
    const next = gifPaginator(async (offset) => page([`g${offset}`], offset, 2));
    const first = await next();
    const second = await next();
    expect(first).not.toBe(second);
    expect(first).toEqual(items('g0'));
    expect(second).toEqual(items('g0', 'g1'));
  });

  it('shares one request between concurrent calls', async () => {
    const fetchPage = vi.fn(async () => page(['a'], 0, 5));
    const next = gifPaginator(fetchPage);
    const [one, two] = await Promise.all([next(), next()]);
    expect(one).toEqual(two);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await next();
    expect(fetchPage.mock.calls).toEqual([[0], [1]]);
  });

  it('keeps its state when a request fails, so the next call retries the same offset', async () => {
    const fetchPage = vi
      .fn<(offset: number) => Promise<Page<Item>>>()
      .mockResolvedValueOnce(page(['a'], 0, 2))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(page(['b'], 1, 2));
    const next = gifPaginator(fetchPage);
    await next();
    await expect(next()).rejects.toThrow('offline');
    expect(await next()).toEqual(items('a', 'b'));
    expect(fetchPage.mock.calls).toEqual([[0], [1], [1]]);
  });
});
