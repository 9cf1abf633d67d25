import { CACHE_ENTRY_OVERHEAD_BYTES, MEMORY_CACHE_MAX_BYTES, MEMORY_CACHE_MAX_ENTRIES } from '../constants.ts';
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
  /** What it counts against the byte bound: key, headers, bodies, tags and overhead. */
  bytes: number;
  /** The body gzipped, for clients that accept it; made after the entry is kept. */
  gzipped?: Variant;
}

export interface MemoryCacheLimits {
  maxBytes: number;
  maxEntries: number;
}

const textBytes = (text: string) => Buffer.byteLength(text, 'utf8');
const variantBytes = ({ headers, body }: Variant) =>
  body.byteLength + headers.reduce((sum, [name, value]) => sum + textBytes(name) + textBytes(value), 0);

/**
 * Node's cache store: a least-recently-used map bounded in entries and bytes, with a tag index
 * for purges. Text answers also keep a gzipped copy, made once off the event loop, for clients that
 * accept it (Workers' own store needs none: Cloudflare compresses at its edge). An entry's bytes are
 * all it holds: its key (UTF-8), headers, body and gzipped copy, its tags, and a fixed overhead, so
 * long keys cannot hold more memory than the bound.
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
    const headers = new Headers(response.headers);
    const zip = compressible(headers, body.byteLength);
    if (zip) varyingByEncoding(headers);
    const kept: Variant = { headers: [...headers], body };
    const bytes = CACHE_ENTRY_OVERHEAD_BYTES + textBytes(key) + variantBytes(kept) + tags.reduce((sum, tag) => sum + textBytes(tag), 0);
    if (bytes > this.limits.maxBytes) return;
    const entry: Entry = { status: response.status, ...kept, bytes, expiresAt: this.now() + ttlSeconds * 1000 };
    this.#delete(key);
    this.#entries.set(key, entry);
    this.#bytes += bytes;
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
    const added = variantBytes(gzipped);
    entry.bytes += added;
    this.#bytes += added;
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
    this.#bytes -= entry.bytes;
    this.#tags.remove(key);
  }
}
