import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createLocalDiskStore } from '../../apps/server/src/media-store/local-disk.ts';
import { mediaStoreContract } from './contract.ts';

mediaStoreContract('local disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-media-'));
  return { store: createLocalDiskStore(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
});

it('keeps files where the media folder always had them, no work file left, and a GIF’s folder goes with its last file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-media-'));
  const store = createLocalDiskStore(dir);
  await store.putMany([
    { key: 'abc/downsized.gif', body: new Uint8Array([1, 2, 3]), contentType: 'image/gif' },
    { key: 'abc/480w_s.jpg', body: new Uint8Array([4]), contentType: 'image/jpeg' },
  ]);
  expect(fs.readdirSync(path.join(dir, 'abc')).sort()).toEqual(['480w_s.jpg', 'downsized.gif']);
  const stat = fs.statSync(path.join(dir, 'abc/downsized.gif'));
  expect((await store.head('abc/downsized.gif'))?.etag).toBe(`"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`);
  await store.delete(['abc/downsized.gif', 'abc/480w_s.jpg']);
  expect(fs.existsSync(path.join(dir, 'abc'))).toBe(false);
  fs.rmSync(dir, { recursive: true, force: true });
});
