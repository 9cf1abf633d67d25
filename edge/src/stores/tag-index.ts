const utf8 = new TextEncoder();
const bytesOf = (key: string, tags: readonly string[]) =>
  tags.reduce((sum, tag) => sum + utf8.encode(tag).byteLength, utf8.encode(key).byteLength);

export interface TagIndexLimits {
  maxKeys: number;
  /** Bytes of keys and tags (UTF-8) it holds. */
  maxBytes: number;
}

const UNBOUNDED: TagIndexLimits = { maxKeys: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY };

/** Which cached keys carry which purge tags; past either limit the oldest keys are forgotten. */
export class TagIndex {
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #tagsByKey = new Map<string, { tags: readonly string[]; bytes: number }>();
  #bytes = 0;

  constructor(private readonly limits: TagIndexLimits = UNBOUNDED) {}

  add(key: string, tags: readonly string[]): void {
    this.remove(key);
    const bytes = bytesOf(key, tags);
    this.#tagsByKey.set(key, { tags, bytes });
    this.#bytes += bytes;
    for (const tag of tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.#keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    while (this.#tagsByKey.size > this.limits.maxKeys || this.#bytes > this.limits.maxBytes) {
      const oldest = this.#tagsByKey.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  remove(key: string): void {
    const held = this.#tagsByKey.get(key);
    if (!held) return;
    for (const tag of held.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
    this.#tagsByKey.delete(key);
    this.#bytes -= held.bytes;
  }

  keysTagged(tags: readonly string[]): string[] {
    const keys = new Set<string>();
    for (const tag of tags) for (const key of this.#keysByTag.get(tag) ?? []) keys.add(key);
    return [...keys];
  }

  /** Keys remembered and the bytes of keys and tags they hold. */
  get size(): { keys: number; bytes: number } {
    return { keys: this.#tagsByKey.size, bytes: this.#bytes };
  }
}
