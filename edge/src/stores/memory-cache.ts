import { MEMORY_CACHE_MAX_BYTES, MEMORY_CACHE_MAX_ENTRIES } from '../constants.ts';
import type { CacheEntryOptions, CacheStore } from './cache-store.ts';
import { compressible, gzipVariant, prefersGzip, varyingByEncoding } from './gzip-variant.ts';
import { TagIndex } from './tag-index.ts';

interface Variant {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

interface Entry extends Variant {
  status: number;
  expiresAt: number;
  /** The body gzipped, for clients that accept it; made after the entry is kept. */
  gzipped?: Variant;
}

export interface MemoryCacheLimits {
  maxBytes: number;
  maxEntries: number;
}

/**
 * Node's cache store: a least-recently-used map bounded in entries and body bytes, with a tag index
 * for purges. Text answers also keep a gzipped copy, made once off the event loop, for clients that
 * accept it (Workers' own store needs none: Cloudflare compresses at its edge).
 */
export class MemoryCacheStore implements CacheStore {
  readonly #entries = new Map<string, Entry>();
  readonly #tags = new TagIndex();
  #bytes = 0;
  #compressing: Promise<void> = Promise.resolve();

  constructor(
    private readonly limits: MemoryCacheLimits = { maxBytes: MEMORY_CACHE_MAX_BYTES, maxEntries: MEMORY_CACHE_MAX_ENTRIES },
    private readonly now: () => number = Date.now,
  ) {}

  async match(key: string, request?: Request): Promise<Response | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#delete(key);
      return undefined;
    }
    this.#entries.delete(key); // most recently used goes last
    this.#entries.set(key, entry);
    const variant = entry.gzipped && request && prefersGzip(request) ? entry.gzipped : entry;
    // Bytes, not an ArrayBuffer: @hono/node-server writes a byte body straight to the socket.
    return new Response(variant.body, { status: entry.status, headers: variant.headers });
  }

  async put(key: string, response: Response, { ttlSeconds, tags }: CacheEntryOptions): Promise<void> {
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength > this.limits.maxBytes) return;
    const headers = new Headers(response.headers);
    const zip = compressible(headers, body.byteLength);
    if (zip) varyingByEncoding(headers);
    const entry: Entry = { status: response.status, headers: [...headers], body, expiresAt: this.now() + ttlSeconds * 1000 };
    this.#delete(key);
    this.#entries.set(key, entry);
    this.#bytes += body.byteLength;
    this.#tags.add(key, tags);
    this.#evictPastBounds();
    if (zip) this.#compressing = this.#addGzipped(key, entry, headers);
  }

  /** Resolves once the last gzipped copy started is kept (tests wait on it; answers never do). */
  get compressing(): Promise<void> {
    return this.#compressing;
  }

  async #addGzipped(key: string, entry: Entry, headers: Headers): Promise<void> {
    const gzipped = await gzipVariant(entry.body, headers).catch(() => undefined); // no copy: identity is served
    if (!gzipped || this.#entries.get(key) !== entry) return; // replaced, purged or evicted meanwhile
    entry.gzipped = gzipped;
    this.#bytes += gzipped.body.byteLength;
    this.#evictPastBounds();
  }

  #evictPastBounds(): void {
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
    this.#bytes -= entry.body.byteLength + (entry.gzipped?.body.byteLength ?? 0);
    this.#tags.remove(key);
  }
}
