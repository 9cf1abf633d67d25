import { MEMORY_CACHE_MAX_BYTES, MEMORY_CACHE_MAX_ENTRIES } from '../constants.ts';
import type { CacheEntryOptions, CacheStore } from './cache-store.ts';
import { TagIndex } from './tag-index.ts';

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  expiresAt: number;
}

export interface MemoryCacheLimits {
  maxBytes: number;
  maxEntries: number;
}

/** Node's cache store: a least-recently-used map bounded in entries and body bytes, with a tag index for purges. */
export class MemoryCacheStore implements CacheStore {
  readonly #entries = new Map<string, Entry>();
  readonly #tags = new TagIndex();
  #bytes = 0;

  constructor(
    private readonly limits: MemoryCacheLimits = { maxBytes: MEMORY_CACHE_MAX_BYTES, maxEntries: MEMORY_CACHE_MAX_ENTRIES },
    private readonly now: () => number = Date.now,
  ) {}

  async match(key: string): Promise<Response | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#delete(key);
      return undefined;
    }
    this.#entries.delete(key); // most recently used goes last
    this.#entries.set(key, entry);
    // Bytes, not an ArrayBuffer: @hono/node-server writes a byte body straight to the socket.
    return new Response(entry.body, { status: entry.status, headers: entry.headers });
  }

  async put(key: string, response: Response, { ttlSeconds, tags }: CacheEntryOptions): Promise<void> {
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength > this.limits.maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, { status: response.status, headers: [...response.headers], body, expiresAt: this.now() + ttlSeconds * 1000 });
    this.#bytes += body.byteLength;
    this.#tags.add(key, tags);
    while (this.#bytes > this.limits.maxBytes || this.#entries.size > this.limits.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
  }

  async purge(tags: readonly string[]): Promise<void> {
    for (const key of this.#tags.keysTagged(tags)) this.#delete(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.byteLength;
    this.#tags.remove(key);
  }
}
