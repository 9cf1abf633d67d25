import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { MULTIPART_PART_BYTES } from '../../apps/server/src/media-store/constants.ts';
import type { MediaStore } from '../../apps/server/src/media-store/media-store.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * What every media store does, run against each implementation (local disk, S3-compatible bucket):
 * `open` gives a fresh, empty store; `close` ends what it started.
 */
export function mediaStoreContract(name: string, open: () => Promise<{ store: MediaStore; close(): Promise<void> }>): void {
  describe(`media store contract: ${name}`, () => {
    const opened = open();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-store-contract-'));
    afterAll(async () => {
      await (await opened).close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    it('stores bytes under a key and answers its size, a quoted entity tag, its date and its content type', async () => {
      const { store } = await opened;
      await store.put({ key: 'gif1/still.jpg', body: new TextEncoder().encode('a still picture'), contentType: 'image/jpeg' });
      const head = await store.head('gif1/still.jpg');
      expect(head).toMatchObject({ size: 15, contentType: 'image/jpeg' });
      expect(head?.etag).toMatch(/^".+"$/);
      expect(Math.abs((head?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(10 * 60_000);
      const read = await store.read('gif1/still.jpg');
      expect(read && (await text(read.body))).toBe('a still picture');
      expect(read?.etag).toBe(head?.etag);
    });

    it('reads a byte range, answering the whole object’s size', async () => {
      const { store } = await opened;
      await store.put({ key: 'gif1/range.mp4', body: new TextEncoder().encode('0123456789'), contentType: 'video/mp4' });
      const part = await store.read('gif1/range.mp4', { start: 2, end: 5 });
      expect(part?.size).toBe(10);
      expect(part && (await text(part.body))).toBe('2345');
      const last = await store.read('gif1/range.mp4', { start: 9, end: 9 });
      expect(last && (await text(last.body))).toBe('9');
    });

    it('replaces an object put again under the same key', async () => {
      const { store } = await opened;
      await store.put({ key: 'gif2/downsized.gif', body: new TextEncoder().encode('first'), contentType: 'image/gif' });
      await store.put({ key: 'gif2/downsized.gif', body: new TextEncoder().encode('second!'), contentType: 'image/gif' });
      const read = await store.read('gif2/downsized.gif');
      expect([read?.size, read && (await text(read.body))]).toEqual([7, 'second!']);
    });

    it('stores files from disk, copied (the file stays) or moved (a work file), and many at once', async () => {
      const { store } = await opened;
      const kept = path.join(work, 'kept.webp');
      const moved = path.join(work, 'moved.webp');
      fs.writeFileSync(kept, 'kept file');
      fs.writeFileSync(moved, 'moved file');
      await store.put({ key: 'gif3/kept.webp', body: { file: kept }, contentType: 'image/webp' });
      await store.put({ key: 'gif3/moved.webp', body: { file: moved, move: true }, contentType: 'image/webp' });
      expect(fs.existsSync(kept)).toBe(true);
      const items = Array.from({ length: 20 }, (_, i) => ({
        key: `gif4/${i}.gif`,
        body: new TextEncoder().encode(`file ${i}`),
        contentType: 'image/gif',
      }));
      await store.putMany(items);
      for (const [key, want] of [
        ['gif3/kept.webp', 'kept file'],
        ['gif3/moved.webp', 'moved file'],
        ['gif4/0.gif', 'file 0'],
        ['gif4/19.gif', 'file 19'],
      ] as const) {
        const read = await store.read(key);
        expect(read && (await text(read.body))).toBe(want);
      }
    });

    it('stores a file larger than one part whole (multipart on a bucket)', async () => {
      const { store } = await opened;
      const bytes = randomBytes(MULTIPART_PART_BYTES * 2 + 12_345);
      const file = path.join(work, 'large.mp4');
      fs.writeFileSync(file, bytes);
      await store.put({ key: 'gif5/hd.mp4', body: { file }, contentType: 'video/mp4' });
      const read = await store.read('gif5/hd.mp4');
      expect(read?.size).toBe(bytes.length);
      expect(read && sha(await buffer(read.body))).toBe(sha(bytes));
      const tail = await store.read('gif5/hd.mp4', { start: bytes.length - 100, end: bytes.length - 1 });
      expect(tail && sha(await buffer(tail.body))).toBe(sha(bytes.subarray(bytes.length - 100)));
    });

    it('answers null for a key never stored or not a media key, and deletes keys (missing ones too)', async () => {
      const { store } = await opened;
      expect(await store.head('nothing/here.gif')).toBeNull();
      expect(await store.read('nothing/here.gif')).toBeNull();
      for (const bad of ['../etc/passwd', 'gif1/.tmp-x', 'gif1', 'a/b/c/d/e.gif', 'gif1/../gif2/x.gif']) {
        expect(await store.head(bad)).toBeNull();
        expect(await store.read(bad)).toBeNull();
        await expect(store.put({ key: bad, body: new Uint8Array(1), contentType: 'image/gif' })).rejects.toThrow(/Not a media key/);
      }
      await store.put({ key: 'gif6/a.gif', body: new Uint8Array([1]), contentType: 'image/gif' });
      await store.put({ key: 'gif6/b.gif', body: new Uint8Array([2]), contentType: 'image/gif' });
      await store.delete(['gif6/a.gif', 'gif6/b.gif', 'gif6/never.gif']);
      expect(await store.head('gif6/a.gif')).toBeNull();
      expect(await store.head('gif6/b.gif')).toBeNull();
      await store.delete(['gif6/a.gif']);
    });
  });
}
