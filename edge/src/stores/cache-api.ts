import { INTERNAL_HEADER_PREFIX, TAG_INDEX_MAX_BYTES, TAG_INDEX_MAX_KEYS } from '../constants.ts';
import type { CacheEntryOptions, CacheStore } from './cache-store.ts';
import { TagIndex, type TagIndexLimits } from './tag-index.ts';

/** The upstream's own Cache-Control, kept aside while the stored copy carries the edge's lifetime. */
const ORIGINAL_CACHE_CONTROL = `${INTERNAL_HEADER_PREFIX}cache-control`;

/**
 * The Workers cache store: the Cache API of the data centre. The lifetime goes in the stored copy's
 * Cache-Control and the purge tags in its Cache-Tag (so a zone purge by tag reaches them too).
 * Purges delete the entries this isolate stored and still remembers (its tag index is bounded in keys
 * and bytes); others expire with their lifetime.
 */
export class CacheApiStore implements CacheStore {
  readonly #tags: TagIndex;

  constructor(
    private readonly cache: Promise<Cache>,
    tagLimits: TagIndexLimits = { maxKeys: TAG_INDEX_MAX_KEYS, maxBytes: TAG_INDEX_MAX_BYTES },
  ) {
    this.#tags = new TagIndex(tagLimits);
  }

  /** What its tag index holds (tests). */
  get remembered(): { keys: number; bytes: number } {
    return this.#tags.size;
  }

  async match(key: string): Promise<Response | undefined> {
    const stored = await (await this.cache).match(key);
    if (!stored) return undefined;
    const response = new Response(stored.body, stored);
    const original = response.headers.get(ORIGINAL_CACHE_CONTROL);
    if (original) response.headers.set('Cache-Control', original);
    else response.headers.delete('Cache-Control');
    response.headers.delete(ORIGINAL_CACHE_CONTROL);
    response.headers.delete('Cache-Tag');
    return response;
  }

  async put(key: string, response: Response, { ttlSeconds, tags }: CacheEntryOptions): Promise<void> {
    const headers = new Headers(response.headers);
    const original = headers.get('Cache-Control');
    if (original) headers.set(ORIGINAL_CACHE_CONTROL, original);
    headers.set('Cache-Control', `public, max-age=${ttlSeconds}`);
    headers.set('Cache-Tag', tags.join(','));
    await (await this.cache).put(key, new Response(response.body, { status: response.status, headers }));
    this.#tags.add(key, tags);
  }

  async purge(tags: readonly string[]): Promise<void> {
    const cache = await this.cache;
    const keys = this.#tags.keysTagged(tags);
    await Promise.all(keys.map((key) => cache.delete(key)));
    for (const key of keys) this.#tags.remove(key);
  }
}
