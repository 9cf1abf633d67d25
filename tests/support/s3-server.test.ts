import { createHash, randomBytes } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from './s3-server.ts';

const MiB = 1024 * 1024;

// The calls the media store makes, against the S3-compatible server the tests start.
describe('the tests S3 server (RADOS Gateway)', () => {
  let server: S3Server;
  let s3: S3Client;

  beforeAll(async () => {
    server = await startS3Server();
    s3 = server.client();
  });
  afterAll(async () => {
    s3?.destroy();
    await server?.stop();
  });

  it('stores an object and answers GET, a Range GET (206) and HEAD for it', async () => {
    const body = randomBytes(1000);
    const Key = 'media/abc/200.gif';
    await s3.send(
      new PutObjectCommand({
        Bucket: server.bucket,
        Key,
        Body: body,
        ContentType: 'image/gif',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );

    const whole = await s3.send(new GetObjectCommand({ Bucket: server.bucket, Key }));
    expect(whole.$metadata.httpStatusCode).toBe(200);
    expect(whole.ContentType).toBe('image/gif');
    expect(whole.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.Body!.transformToByteArray()).equals(body)).toBe(true);

    const part = await s3.send(new GetObjectCommand({ Bucket: server.bucket, Key, Range: 'bytes=100-199' }));
    expect(part.$metadata.httpStatusCode).toBe(206);
    expect(part.ContentRange).toBe('bytes 100-199/1000');
    expect(part.ContentLength).toBe(100);
    expect(Buffer.from(await part.Body!.transformToByteArray()).equals(body.subarray(100, 200))).toBe(true);

    const head = await s3.send(new HeadObjectCommand({ Bucket: server.bucket, Key }));
    expect(head.ContentLength).toBe(1000);
    expect(head.ContentType).toBe('image/gif');
    expect(head.ETag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
  });

  it('deletes an object: GET answers NoSuchKey and HEAD 404 afterwards', async () => {
    const Key = 'media/gone/200.gif';
    await s3.send(new PutObjectCommand({ Bucket: server.bucket, Key, Body: Buffer.from('GIF89a'), ContentType: 'image/gif' }));
    await s3.send(new DeleteObjectCommand({ Bucket: server.bucket, Key }));
    await expect(s3.send(new GetObjectCommand({ Bucket: server.bucket, Key }))).rejects.toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(s3.send(new HeadObjectCommand({ Bucket: server.bucket, Key }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('takes a multipart upload in 5 MiB parts and gives back the same bytes', async () => {
    const body = randomBytes(11 * MiB + 123);
    const Key = 'media/big/hd.mp4';
    const upload = new Upload({
      client: s3,
      params: { Bucket: server.bucket, Key, Body: body, ContentType: 'video/mp4' },
      partSize: 5 * MiB,
      queueSize: 2,
    });
    await upload.done();
    // A multipart object's ETag is the parts' digest with their count: three parts were sent. (RGW's
    // answer to the completion carries an empty ETag through the SDK; HEAD has it.)
    const head = await s3.send(new HeadObjectCommand({ Bucket: server.bucket, Key }));
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}-3"$/);

    const back = await s3.send(new GetObjectCommand({ Bucket: server.bucket, Key }));
    expect(back.ContentLength).toBe(body.length);
    expect(back.ContentType).toBe('video/mp4');
    expect(Buffer.from(await back.Body!.transformToByteArray()).equals(body)).toBe(true);
  });

  it('keeps buckets apart and names its settings for a server process', async () => {
    const other = await server.newBucket();
    expect(other).not.toBe(server.bucket);
    await s3.send(new PutObjectCommand({ Bucket: server.bucket, Key: 'only-here', Body: 'x' }));
    await expect(s3.send(new HeadObjectCommand({ Bucket: other, Key: 'only-here' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    expect(server.env).toMatchObject({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: server.bucket,
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(new URL(server.endpoint).hostname).toBe('127.0.0.1');
  });

  it('refuses while its gateway is stopped and serves what it held once restarted', async () => {
    const Key = 'media/kept/200.gif';
    await s3.send(new PutObjectCommand({ Bucket: server.bucket, Key, Body: 'kept' }));
    const once = server.client({ maxAttempts: 1 });
    try {
      await server.stopGateway();
      await expect(once.send(new HeadObjectCommand({ Bucket: server.bucket, Key }))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await server.startGateway();
      const back = await once.send(new GetObjectCommand({ Bucket: server.bucket, Key }));
      expect(await back.Body!.transformToString()).toBe('kept');
    } finally {
      once.destroy();
    }
  });
});

describe('starting the tests S3 server', () => {
  it('fails saying how to install Ceph when radosgw is not on the PATH', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(startS3Server()).rejects.toThrow(/radosgw.*apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd/);
    } finally {
      process.env.PATH = path;
    }
  });

  it('stops: nothing answers at its endpoint any more', async () => {
    const server = await startS3Server();
    await server.stop();
    await expect(fetch(server.endpoint)).rejects.toThrow();
  });
});
