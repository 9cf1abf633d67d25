import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryCacheStore, ResponseCache, type CacheEntry, type CacheStore } from './cache.ts';
import { CACHE_TTL_MS, ERROR_CACHE_TTL_MS } from './constants.ts';
import { createLogger } from './debug.ts';
import { FetchError } from './errors.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function counter() {
  let calls = 0;
  const load = vi.fn(async () => `value ${++calls}`);
  return load;
}

function failing(message = 'boom') {
  return vi.fn(async (): Promise<string> => {
    throw new FetchError(message, 'http://x/', 500, 'Internal Server Error');
  });
}

describe('ResponseCache lifetimes', () => {
  it(`reuses a success for ${CACHE_TTL_MS} ms, then loads again`, async () => {
    const cache = new ResponseCache<string>();
    const load = counter();
    expect(await cache.get('k', load)).toBe('value 1');
    vi.advanceTimersByTime(CACHE_TTL_MS - 1);
    expect(await cache.get('k', load)).toBe('value 1');
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('k', load)).toBe('value 2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it(`rethrows a failure for ${ERROR_CACHE_TTL_MS} ms, then loads again`, async () => {
    const cache = new ResponseCache<string>();
    const fail = failing();
    await expect(cache.get('k', fail)).rejects.toMatchObject({ message: 'boom', status: 500 });
    vi.advanceTimersByTime(ERROR_CACHE_TTL_MS - 1);
    const load = counter();
    const again = await cache.get('k', load).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(FetchError);
    expect(again).toMatchObject({ message: 'boom', url: 'http://x/', status: 500, statusText: 'Internal Server Error' });
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(await cache.get('k', load)).toBe('value 1');
  });

  it('keeps keys apart', async () => {
    const cache = new ResponseCache<string>();
    const load = counter();
    expect(await cache.get('a', load)).toBe('value 1');
    expect(await cache.get('b', load)).toBe('value 2');
  });

  it('does not cache errors that are not FetchErrors', async () => {
    const cache = new ResponseCache<string>();
    await expect(cache.get('k', () => Promise.reject(new RangeError('bug')))).rejects.toBeInstanceOf(RangeError);
    expect(await cache.get('k', counter())).toBe('value 1');
  });

  it('uses the injected clock', async () => {
    let now = 0;
    const cache = new ResponseCache<string>({ now: () => now });
    const load = counter();
    await cache.get('k', load);
    now = CACHE_TTL_MS;
    expect(await cache.get('k', load)).toBe('value 2');
  });
});

describe('ResponseCache in-flight sharing', () => {
  it('shares one load between concurrent requests', async () => {
    const cache = new ResponseCache<string>();
    let release: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    await vi.advanceTimersByTimeAsync(0);
    release('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares a failing load too, and forgets it once settled', async () => {
    const cache = new ResponseCache<string>();
    const fail = failing();
    const results = await Promise.allSettled([cache.get('k', fail), cache.get('k', fail)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(fail).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ERROR_CACHE_TTL_MS);
    expect(await cache.get('k', counter())).toBe('value 1');
  });
});

describe('ResponseCache stores', () => {
  it('works with an asynchronous store holding plain data', async () => {
    const entries = new Map<string, string>();
    const store: CacheStore<string> = {
      get: async (key) => {
        const json = entries.get(key);
        return json === undefined ? undefined : (JSON.parse(json) as CacheEntry<string>);
      },
      set: async (key, entry) => void entries.set(key, JSON.stringify(entry)),
    };
    const cache = new ResponseCache<string>({ store });
    const load = counter();
    await cache.get('ok', load);
    expect(await cache.get('ok', load)).toBe('value 1');
    await expect(cache.get('bad', failing('stored'))).rejects.toThrow('stored');
    await expect(cache.get('bad', load)).rejects.toMatchObject({ name: 'FetchError', message: 'stored' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('still answers when the store fails, and logs it', async () => {
    const warn = vi.fn();
    const store: CacheStore<string> = {
      get: () => Promise.reject(new Error('worker gone')),
      set: () => {
        throw new Error('worker gone');
      },
    };
    const logger = { ...createLogger(false), warn };
    const cache = new ResponseCache<string>({ store, logger });
    const load = counter();
    expect(await cache.get('k', load)).toBe('value 1');
    expect(await cache.get('k', load)).toBe('value 2');
    expect(warn).toHaveBeenCalledWith('cache store read failed', 'k', expect.any(Error));
    expect(warn).toHaveBeenCalledWith('cache store write failed', 'k', expect.any(Error));
  });
});

describe('MemoryCacheStore', () => {
  const entry = (value: string): CacheEntry<string> => ({ ok: true, value, storedAt: 0 });

  it('drops the oldest entry beyond its bound', () => {
    const store = new MemoryCacheStore<string>(2);
    store.set('a', entry('a'));
    store.set('b', entry('b'));
    store.set('a', entry('a2'));
    store.set('c', entry('c'));
    expect(store.size).toBe(2);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toEqual(entry('a2'));
    expect(store.get('c')).toEqual(entry('c'));
  });
});
