export interface CacheEntryOptions {
  ttlSeconds: number;
  /** Purge tags: the entry goes when any of them is purged. */
  tags: readonly string[];
}

/** Where the edge keeps answers to GETs: a bounded in-memory LRU on Node, the Cache API on Workers. */
export interface CacheStore {
  /** The kept answer for `key`; `request` may choose among its variants (a compressed body). */
  match(key: string, request?: Request): Promise<Response | undefined>;
  /** `response` has its whole body in memory; the store may keep it or not. */
  put(key: string, response: Response, options: CacheEntryOptions): Promise<void>;
  /** Drops every entry carrying any of these tags. */
  purge(tags: readonly string[]): Promise<void>;
}
