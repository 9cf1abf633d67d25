/** Which cached keys carry which purge tags; past `maxKeys` the oldest keys are forgotten. */
export class TagIndex {
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #tagsByKey = new Map<string, readonly string[]>();

  constructor(private readonly maxKeys = Number.POSITIVE_INFINITY) {}

  add(key: string, tags: readonly string[]): void {
    this.remove(key);
    this.#tagsByKey.set(key, tags);
    for (const tag of tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    if (this.#tagsByKey.size > this.maxKeys) {
      const oldest = this.#tagsByKey.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
  }

  remove(key: string): void {
    for (const tag of this.#tagsByKey.get(key) ?? []) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
    this.#tagsByKey.delete(key);
  }

  keysTagged(tags: readonly string[]): string[] {
    const keys = new Set<string>();
    for (const tag of tags) for (const key of this.#keysByTag.get(tag) ?? []) keys.add(key);
    return [...keys];
  }
}
