import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MediaStoreUnavailable } from '../../apps/server/src/media-store/media-store.ts';
import { createS3Store } from '../../apps/server/src/media-store/s3.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { mediaStoreContract } from './contract.ts';

let server: S3Server;
const started = startS3Server().then((s) => (server = s));
beforeAll(() => started, 300_000);
afterAll(() => server?.stop());

const storeOn = (bucket: string) =>
  createS3Store({
    endpoint: server.endpoint,
    bucket,
    region: server.region,
    forcePathStyle: true,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
  });

mediaStoreContract('S3-compatible bucket (Ceph RADOS Gateway)', async () => {
  await started;
  const store = storeOn(await server.newBucket());
  return { store, close: async () => store.client.destroy() };
});

it('keeps objects under the media keys themselves, so a bucket’s public URL serves them as /media/ does', async () => {
  await started;
  const store = storeOn(server.bucket);
  await store.put({ key: 'pubgif/200w.gif', body: new Uint8Array([71, 73, 70]), contentType: 'image/gif' });
  const head = await store.client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: 'pubgif/200w.gif' }));
  expect([head.ContentLength, head.ContentType]).toEqual([3, 'image/gif']);
  store.client.destroy();
});

it('says the bucket is unreachable (MediaStoreUnavailable) once the retries are spent, and works again when it is back', async () => {
  await started;
  const store = storeOn(server.bucket);
  await server.stopGateway();
  try {
    await expect(store.put({ key: 'downgif/a.gif', body: new Uint8Array([1]), contentType: 'image/gif' })).rejects.toBeInstanceOf(
      MediaStoreUnavailable,
    );
    await expect(store.head('downgif/a.gif')).rejects.toBeInstanceOf(MediaStoreUnavailable);
    await expect(store.read('downgif/a.gif')).rejects.toBeInstanceOf(MediaStoreUnavailable);
    await expect(store.delete(['downgif/a.gif'])).rejects.toBeInstanceOf(MediaStoreUnavailable);
  } finally {
    await server.startGateway();
  }
  await store.put({ key: 'downgif/a.gif', body: new Uint8Array([1]), contentType: 'image/gif' });
  expect((await store.head('downgif/a.gif'))?.size).toBe(1);
  store.client.destroy();
}, 120_000);
