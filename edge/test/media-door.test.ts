import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStore } from '../../apps/server/src/media-store/local-disk.ts';
import type { MediaStore } from '../../apps/server/src/media-store/media-store.ts';
import { TEST_MEDIA_DIR } from '../../tests/support/corpus.ts';
import { startTestServer, type TestServer } from '../../tests/support/server.ts';
import { storeKinds } from '../../tests/support/stores.ts';
import { createEdgeApp } from '../src/app.ts';
import { MemoryCacheStore } from '../src/stores/memory-cache.ts';
import type { MediaBucket } from '../src/stores/media-bucket.ts';
import { MemoryRateLimiter } from '../src/stores/rate-limiter.ts';
import { upstreamsFrom } from '../src/upstreams.ts';

/** The media store's files read the way the Worker reads R2 (Miniflare's R2 itself: media-from-bucket.spec.ts); `reads` counts the bodies read. */
function bucketOver(store: MediaStore): MediaBucket & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async head(key) {
      const object = await store.head(key);
      return (
        object && {
          size: object.size,
          httpEtag: object.etag,
          uploaded: object.lastModified,
          httpMetadata: { contentType: object.contentType },
        }
      );
    },
    async get(key, options) {
      const range = options?.range ? { start: options.range.offset, end: options.range.offset + options.range.length - 1 } : undefined;
      const read = await store.read(key, range);
      reads.push(key);
      return (
        read && { size: read.size, httpEtag: read.etag, uploaded: read.lastModified, body: Readable.toWeb(read.body) as ReadableStream }
      );
    },
  };
}

/** The edge's bucket path against the real media door (the server without its edge, as behind Workers), on each store: the door's HEAD decides. */
describe.each(storeKinds())('media from a bucket, the policy from the real media door (%s)', (kind) => {
  let server: TestServer;
  let edge: ReturnType<typeof createEdgeApp>;
  const bucket = bucketOver(createLocalDiskStore(TEST_MEDIA_DIR));
  const gifs: { id: string; file: string }[] = [];
  beforeAll(async () => {
    server = await startTestServer(kind, { edge: false });
    edge = createEdgeApp({
      upstreams: upstreamsFrom({ UPSTREAM_URL: server.baseUrl }),
      keys: { web: server.webKey, mobile: server.mobileKey },
      cache: new MemoryCacheStore(),
      rateLimits: {
        perKey: new MemoryRateLimiter(1000),
        perAddress: new MemoryRateLimiter(1000),
        mediaPerAddress: new MemoryRateLimiter(1000),
      },
      clientAddress: () => '127.0.0.1',
      mediaBucket: bucket,
    });
    const rows = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'images'])
      .where('type', '=', 'gif')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('visibility', '=', 'public')
      .orderBy('id')
      .limit(3)
      .execute();
    gifs.push(...rows.map((row) => ({ id: row.id, file: row.images.original!.gif!.file })));
  });
  afterAll(async () => {
    await server?.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => edge.fetch(new Request(`http://edge.test${path}`, { headers }));

  it("serves a public GIF's file from the bucket with the door's cache headers, a range and a 304", async () => {
    const { id, file } = gifs[0]!;
    const bytes = fs.readFileSync(`${TEST_MEDIA_DIR}/${id}/${file}`);
    const whole = await get(`/media/${id}/${file}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('Content-Type')).toBe('image/gif');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    expect(bucket.reads).toEqual([`${id}/${file}`]); // the bytes came from the bucket, not through the origin
    const etag = whole.headers.get('ETag') as string;
    const part = await get(`/media/${gifs[1]!.id}/${gifs[1]!.file}`, { Range: 'bytes=0-5' });
    expect([part.status, part.headers.get('Content-Range')?.startsWith('bytes 0-5/')]).toEqual([206, true]);
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('GIF89a');
    expect((await get(`/media/${id}/${file}`, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('passes on the door’s refusals: 410 hidden, 451 taken down, 404 unknown', async () => {
    const { id, file } = gifs[2]!;
    await server.store.db.updateTable('gifs').set({ moderation_state: 'hidden' }).where('id', '=', id).execute();
    const hidden = await get(`/media/${id}/${file}`);
    expect([hidden.status, hidden.headers.get('Cache-Control')]).toEqual([410, 'no-store']);
    await server.store.db.updateTable('gifs').set({ removal: 'takedown' }).where('id', '=', id).execute();
    const takenDown = await get(`/media/${id}/${file}`);
    expect(takenDown.status).toBe(451);
    expect(((await takenDown.json()) as { meta: { msg: string } }).meta.msg).toBe(`GIF ${id} is unavailable for legal reasons`);
    expect((await get(`/media/nosuchgif/${file}`)).status).toBe(404);
    expect(bucket.reads).not.toContain(`${id}/${file}`);
  });
});
