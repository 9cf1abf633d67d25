import { CACHE_TTL_MS, ERROR_CACHE_TTL_MS, MEMORY_CACHE_MAX_ENTRIES } from './constants.ts';
import { FetchError, type SerializedFetchError } from './errors.ts';
import type { Logger } from './debug.ts';

/** A settled request as plain data: its value, or the error it failed with. */
export type CacheEntry<V> = { storedAt: number } & ({ ok: true; value: V } | { ok: false; error: SerializedFetchError });

/**
 * Where settled responses are kept. Methods may be asynchronous so that a store can live in
 * another thread (the pingback Web Worker); entries are plain data for that reason.
 */
export interface CacheStore<V> {
  get(key: string): CacheEntry<V> | undefined | Promise<CacheEntry<V> | undefined>;
  set(key: string, entry: CacheEntry<V>): void | Promise<void>;
}

/** The default store: an in-memory map holding at most `maxEntries`, dropping the oldest. */
export class MemoryCacheStore<V> implements CacheStore<V> {
  readonly #entries = new Map<string, CacheEntry<V>>();

  constructor(readonly maxEntries: number = MEMORY_CACHE_MAX_ENTRIES) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): CacheEntry<V> | undefined {
    return this.#entries.get(key);
  }

  set(key: string, entry: CacheEntry<V>): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}

export interface ResponseCacheOptions<V> {
  store?: CacheStore<V>;
  /** Clock in milliseconds; default Date.now (read at each call, so fake timers apply). */
  now?: () => number;
  logger?: Logger;
}

/**
 * The response cache of SPEC 9: a success is reused for CACHE_TTL_MS, a failure for
 * ERROR_CACHE_TTL_MS (it is rethrown meanwhile), and concurrent requests for one key share
 * a single load. A failing store never fails a request: it only costs the cache.
 */
export class ResponseCache<V> {
  readonly #store: CacheStore<V>;
  readonly #now: () => number;
  readonly #logger: Logger | undefined;
  readonly #inFlight = new Map<string, Promise<V>>();

  constructor({ store = new MemoryCacheStore<V>(), now = () => Date.now(), logger }: ResponseCacheOptions<V> = {}) {
    this.#store = store;
    this.#now = now;
    this.#logger = logger;
  }

  /** The cached value of `key`, or the result of `load` (shared while it runs, then stored). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const pending = this.#inFlight.get(key);
    if (pending !== undefined) return pending;
    const settled = this.#resolve(key, load).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, settled);
    return settled;
  }

  async #resolve(key: string, load: () => Promise<V>): Promise<V> {
    const entry = await this.#read(key);
    if (entry && this.#isFresh(entry)) {
      this.#logger?.debug('cache hit', key);
      if (entry.ok) return entry.value;
      throw FetchError.fromJSON(entry.error);
    }
    try {
      const value = await load();
      await this.#write(key, { ok: true, value, storedAt: this.#now() });
      return value;
    } catch (error) {
      if (error instanceof FetchError) {
        await this.#write(key, { ok: false, error: error.toJSON(), storedAt: this.#now() });
      }
      throw error;
    }
  }

  #isFresh(entry: CacheEntry<V>): boolean {
    const lifetime = entry.ok ? CACHE_TTL_MS : ERROR_CACHE_TTL_MS;
    return this.#now() - entry.storedAt < lifetime;
  }

  async #read(key: string): Promise<CacheEntry<V> | undefined> {
    try {
      return await this.#store.get(key);
    } catch (error) {
      this.#logger?.warn('cache store read failed', key, error);
      return undefined;
    }
  }

  async #write(key: string, entry: CacheEntry<V>): Promise<void> {
    try {
      await this.#store.set(key, entry);
    } catch (error) {
      this.#logger?.warn('cache store write failed', key, error);
    }
  }
}
