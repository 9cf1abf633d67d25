import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { text } from 'node:stream/consumers';
import type { StoredImages } from '../store/schema.ts';
import { contentTypeOf } from '../media-store/keys.ts';
import type { MediaStore } from '../media-store/media-store.ts';
import { TEXT_RENDER_DIR } from './constants.ts';

const META_FILE = 'images.json';
/** Renders in progress are built under `.partial-{id}-{random}` and renamed into place when whole. */
const PARTIAL_PREFIX = '.partial-';
/** A partial directory this old was left by a process that died mid-render. */
const ABANDONED_PARTIAL_MS = 60 * 60 * 1000;

interface Entry {
  bytes: number;
  images: StoredImages;
  /** The render's keys in the bucket it is published to (none on the local disk). */
  keys?: string[];
}

export interface RenderCache {
  /** Resolves once the renders already on disk are indexed (and any over the bound deleted). */
  readonly ready: Promise<void>;
  /** A kept render's images, marking it most recently used; undefined when it is not kept. */
  use(id: string): StoredImages | undefined;
  /**
   * Makes a render with `build` (which writes its files into the directory it is given) and keeps it.
   * The directory appears under the media root only when whole, so another process sharing the
   * root never sees, indexes or deletes a render in progress; when one published the same render
   * first, theirs is kept and ours dropped.
   */
  make(id: string, build: (dir: string) => Promise<StoredImages>): Promise<StoredImages>;
  readonly size: { entries: number; bytes: number };
}

/**
 * The on-disk cache of on-demand renders: one directory per render under the media root, indexed in
 * a least-recently-used map bounded in bytes (lru-cache with `maxSize`); what falls out is deleted.
 * Recency survives restarts through the mtime of each render's `images.json`, touched on use.
 */
export function createRenderCache(mediaDir: string, maxBytes: number, publish?: MediaStore): RenderCache {
  const removing = new Map<string, Promise<void>>();
  const remove = (id: string, entry?: Entry) => {
    const done = (publish ? publish.delete(entry?.keys ?? []) : fs.rm(path.join(mediaDir, id), { recursive: true, force: true }))
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
    dispose: (entry, id, reason) => {
      if (reason !== 'set') remove(id, entry);
    },
  });

  const keep = (id: string, entry: Entry) => {
    index.set(id, entry);
    if (!index.has(id)) remove(id, entry); // larger than the whole bound
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
      // Recency for eviction only: a file that cannot be touched is evicted sooner, nothing worse.
      if (!publish) void fs.utimes(path.join(mediaDir, id, META_FILE), now, now).catch(() => undefined);
      return entry.images;
    },
    async make(id, build) {
      await removing.get(id); // a deletion of an evicted copy must not land on the new one
      if (publish) return makePublished(id, build);
      const partial = path.join(mediaDir, `${PARTIAL_PREFIX}${id}-${randomBytes(6).toString('hex')}`);
      const dir = path.join(mediaDir, id);
      let images: StoredImages;
      try {
        images = await build(partial);
        await fs.writeFile(path.join(partial, META_FILE), JSON.stringify(images));
        await fs.rename(partial, dir);
      } catch (error) {
        await fs.rm(partial, { recursive: true, force: true });
        const theirs = await readMeta(dir).catch(() => undefined);
        if (!theirs) throw error;
        images = theirs; // another process published the same render first
      }
      keep(id, { bytes: await directoryBytes(dir), images });
      return images;
    },
    get size() {
      return { entries: index.size, bytes: index.calculatedSize };
    },
  };

  /**
   * With a bucket (MEDIA_STORE=s3): the render is built in a work folder and its files put in the
   * bucket, the rendition list last, so a render whose list is there is whole; one already there
   * (made before a restart, or by another process) is taken as it is. The bucket is never listed:
   * the index starts empty and renders left in it by an earlier process are found when asked for.
   */
  async function makePublished(id: string, build: (dir: string) => Promise<StoredImages>): Promise<StoredImages> {
    const store = publish as MediaStore;
    const listKey = `${id}/${META_FILE}`;
    const there = await store.read(listKey);
    if (there) {
      const images = JSON.parse(await text(there.body)) as StoredImages;
      keep(id, { bytes: storedBytes(images), images, keys: [...renditionKeys(id, images), listKey] });
      return images;
    }
    const partial = path.join(mediaDir, `${PARTIAL_PREFIX}${id}-${randomBytes(6).toString('hex')}`);
    try {
      const images = await build(partial);
      const files = (await fs.readdir(partial, { withFileTypes: true })).filter((f) => f.isFile()).map((f) => f.name);
      const bytes = await directoryBytes(partial);
      const keys = files.map((file) => `${id}/${file}`);
      await store.putMany(
        files.map((file, i) => ({
          key: keys[i] as string,
          body: { file: path.join(partial, file), move: true },
          contentType: contentTypeOf(file),
        })),
      );
      await store.put({ key: listKey, body: Buffer.from(JSON.stringify(images)), contentType: 'application/json' });
      keep(id, { bytes, images, keys: [...keys, listKey] });
      return images;
    } finally {
      await fs.rm(partial, { recursive: true, force: true });
    }
  }
}

/** The keys of a render's files as its rendition list names them. */
function renditionKeys(id: string, images: StoredImages): string[] {
  const files = new Set<string>();
  for (const rendition of Object.values(images))
    for (const format of [rendition.gif, rendition.webp, rendition.mp4, rendition.still]) if (format) files.add(`${id}/${format.file}`);
  return [...files];
}

function storedBytes(images: StoredImages): number {
  let bytes = 0;
  for (const rendition of Object.values(images))
    for (const format of [rendition.gif, rendition.webp, rendition.mp4, rendition.still]) bytes += format?.size ?? 0;
  return bytes;
}

/**
 * Renders on disk, least recently used first. A render directory without its `images.json` is
 * broken and is deleted; so is a partial one abandoned long ago (a young one may be another
 * process's render in progress).
 */
async function loadExisting(mediaDir: string, remove: (id: string) => void): Promise<{ id: string; entry: Entry }[]> {
  const names = await fs.readdir(mediaDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(PARTIAL_PREFIX)).map((name) => removeIfAbandoned(path.join(mediaDir, name))));
  const found: { id: string; entry: Entry; usedAt: number }[] = [];
  for (const id of names.filter((name) => TEXT_RENDER_DIR.test(name))) {
    const dir = path.join(mediaDir, id);
    try {
      const [images, stat] = await Promise.all([readMeta(dir), fs.stat(path.join(dir, META_FILE))]);
      found.push({ id, entry: { bytes: await directoryBytes(dir), images }, usedAt: stat.mtimeMs });
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

async function readMeta(dir: string): Promise<StoredImages> {
  return JSON.parse(await fs.readFile(path.join(dir, META_FILE), 'utf8')) as StoredImages;
}

async function removeIfAbandoned(dir: string): Promise<void> {
  const stat = await fs.stat(dir).catch(() => undefined);
  if (stat && Date.now() - stat.mtimeMs > ABANDONED_PARTIAL_MS) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
}
