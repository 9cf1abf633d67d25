/**
 * The text-render cache publishing to a store other than its own folder (MEDIA_STORE=s3): renders
 * are put there with their rendition list last, nothing stays in the work folder, what falls out of
 * the byte bound is deleted from the store, and a render already there is taken, not made again.
 * The store here is a second local disk (the same contract as the bucket, tests/media-store/contract.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createRenderCache } from '../../apps/server/src/media/render-cache.ts';
import { createLocalDiskStore } from '../../apps/server/src/media-store/local-disk.ts';
import type { StoredImages } from '../../apps/server/src/store/schema.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-render-publish-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const build =
  (label: string, bytes: number) =>
  async (dir: string): Promise<StoredImages> => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${label}.gif`), 'x'.repeat(bytes));
    return { original: { width: 1, height: 1, gif: { file: `${label}.gif`, size: bytes } } };
  };

it('puts renders in the store, leaves no work file, deletes evicted ones there and reuses one already stored', async () => {
  const work = tempDir();
  const store = createLocalDiskStore(tempDir());
  const cache = createRenderCache(work, 1500, store);
  await cache.ready;
  const a = 'txtAAAAAAAAAAAAAAAAA';
  const b = 'txtBBBBBBBBBBBBBBBBB';
  await cache.make(a, build('a', 1000));
  expect((await store.head(`${a}/a.gif`))?.size).toBe(1000);
  expect(await store.head(`${a}/images.json`)).not.toBeNull();
  expect(fs.readdirSync(work)).toEqual([]);

  await cache.make(b, build('b', 1000)); // over the bound: a, the least recently used, goes
  await expect.poll(async () => store.head(`${a}/a.gif`)).toBeNull();
  expect(await store.head(`${a}/images.json`)).toBeNull();
  expect(cache.use(a)).toBeUndefined();

  // A new process (empty index) asked for b finds it stored and does not build it again.
  const next = createRenderCache(tempDir(), 1500, store);
  await next.ready;
  const images = await next.make(b, () => Promise.reject(new Error('built again')));
  expect(images.original?.gif?.file).toBe('b.gif');
  expect(next.use(b)).toEqual(images);
});
