import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { StoredImages } from '../store/schema.ts';
import { TEXT_RENDER_DIR } from './constants.ts';

const META_FILE = 'images.json';

interface Entry {
  bytes: number;
  images: StoredImages;
}

export interface RenderCache {
  /** Resolves once the renders already on disk are indexed (and any over the bound deleted). */
  readonly ready: Promise<void>;
  /** A kept render's images, marking it most recently used; undefined when it is not kept. */
  use(id: string): StoredImages | undefined;
  /** Waits for any deletion of this render's directory to finish, so a new render of it is not deleted under it. */
  settled(id: string): Promise<void>;
  /** Records a finished render (its directory under the media root holds `images.json` and its files). */
  add(id: string, images: StoredImages): Promise<void>;
  readonly size: { entries: number; bytes: number };
}

/**
 * The on-disk cache of on-demand renders: one directory per render under the media root, indexed in
 * a least-recently-used map bounded in bytes (lru-cache with `maxSize`); what falls out is deleted.
 * Recency survives restarts through the mtime of each render's `images.json`, touched on use.
 */
export function createRenderCache(mediaDir: string, maxBytes: number): RenderCache {
  const removing = new Map<string, Promise<void>>();
  const remove = (id: string) => {
    const done = fs
      .rm(path.join(mediaDir, id), { recursive: true, force: true })
      .catch(() => undefined)
      .finally(() => {
        if (removing.get(id) === done) removing.delete(id);
      });
    removing.set(id, done);
  };
  const index = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    // Overwriting an entry keeps its files; anything leaving the index otherwise takes them along.
    dispose: (_entry, id, reason) => {
      if (reason !== 'set') remove(id);
    },
  });

  const keep = (id: string, entry: Entry) => {
    index.set(id, entry);
    if (!index.has(id)) remove(id); // larger than the whole bound
  };

  const ready = loadExisting(mediaDir, remove).then((found) => {
    for (const { id, entry } of found) keep(id, entry);
  });

  return {
    ready,
    use(id) {
      const entry = index.get(id);
      if (!entry) return undefined;
      const now = new Date();
      void fs.utimes(path.join(mediaDir, id, META_FILE), now, now).catch(() => undefined);
      return entry.images;
    },
    settled: async (id) => {
      await removing.get(id);
    },
    async add(id, images) {
      keep(id, { bytes: await directoryBytes(path.join(mediaDir, id)), images });
    },
    get size() {
      return { entries: index.size, bytes: index.calculatedSize };
    },
  };
}

/** Renders on disk, least recently used first; a directory without its `images.json` is an interrupted render and is deleted. */
async function loadExisting(mediaDir: string, remove: (id: string) => void): Promise<{ id: string; entry: Entry }[]> {
  const names = await fs.readdir(mediaDir).catch(() => [] as string[]);
  const found: { id: string; entry: Entry; usedAt: number }[] = [];
  for (const id of names.filter((name) => TEXT_RENDER_DIR.test(name))) {
    const dir = path.join(mediaDir, id);
    try {
      const meta = path.join(dir, META_FILE);
      const [text, stat] = await Promise.all([fs.readFile(meta, 'utf8'), fs.stat(meta)]);
      found.push({ id, entry: { bytes: await directoryBytes(dir), images: JSON.parse(text) as StoredImages }, usedAt: stat.mtimeMs });
    } catch {
      remove(id);
    }
  }
  return found.sort((a, b) => a.usedAt - b.usedAt);
}

async function directoryBytes(dir: string): Promise<number> {
  const files = await fs.readdir(dir, { withFileTypes: true });
  const sizes = await Promise.all(files.filter((f) => f.isFile()).map(async (f) => (await fs.stat(path.join(dir, f.name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}
