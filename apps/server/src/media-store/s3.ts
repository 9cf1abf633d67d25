import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  MEDIA_STORE_PARALLEL,
  MULTIPART_PARALLEL_PARTS,
  MULTIPART_PART_BYTES,
  S3_CONNECT_TIMEOUT_MS,
  S3_MAX_ATTEMPTS,
  S3_REQUEST_TIMEOUT_MS,
} from './constants.ts';
import { assertMediaKey, isMediaKey } from './keys.ts';
import { MediaStoreUnavailable, type ByteRange, type MediaStore, type ObjectRead, type PutItem, type StoredObject } from './media-store.ts';
import { eachLimited } from './parallel.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Media in an S3-compatible bucket (R2, S3, MinIO, Garage, Ceph RGW). Only the calls every such
 * server implements: PUT, GET (with Range), HEAD, DELETE and multipart upload (lib-storage's Upload:
 * one PUT below MULTIPART_PART_BYTES, parts in parallel above); never a listing, and checksums only
 * when an operation requires them (the SDK's newer default sends CRC32 headers some servers refuse).
 * Calls are retried by the SDK's standard strategy (exponential backoff with jitter); a bucket still
 * unreachable after that is a MediaStoreUnavailable.
 */
export function createS3Store(settings: S3Settings): MediaStore & { client: S3Client; bucket: string } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    retryMode: 'standard',
    maxAttempts: S3_MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;

  async function put(item: PutItem): Promise<void> {
    assertMediaKey(item.key);
    const body = item.body instanceof Uint8Array ? item.body : fs.createReadStream(item.body.file);
    const upload = new Upload({
      client,
      params: { Bucket, Key: item.key, Body: body, ContentType: item.contentType },
      partSize: MULTIPART_PART_BYTES,
      queueSize: MULTIPART_PARALLEL_PARTS,
      leavePartsOnError: false,
    });
    await upload.done().catch(unavailable);
  }

  return {
    kind: 's3',
    client,
    bucket: Bucket,
    put,
    putMany: (items) => eachLimited(items, MEDIA_STORE_PARALLEL, put),
    async head(key) {
      if (!isMediaKey(key)) return null;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return described(out, out.ContentLength ?? 0);
      } catch (err) {
        if (isNotFound(err)) return null;
        return unavailable(err);
      }
    },
    async read(key: string, range?: ByteRange): Promise<ObjectRead | null> {
      if (!isMediaKey(key)) return null;
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const size = range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? out.ContentLength ?? 0) : (out.ContentLength ?? 0);
        if (!(out.Body instanceof Readable)) throw new Error('The S3 client answered without a Node stream');
        return { ...described(out, size), body: out.Body };
      } catch (err) {
        if (isNotFound(err)) return null;
        return unavailable(err);
      }
    },
    async delete(keys) {
      for (const key of keys) assertMediaKey(key);
      // One DELETE per key: the multi-object delete needs a Content-MD5 some servers do not take, and deleting a missing key succeeds.
      await eachLimited(keys, MEDIA_STORE_PARALLEL, async (Key) => {
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(unavailable);
      });
    },
  };
}

function described(
  out: { ETag?: string | undefined; LastModified?: Date | undefined; ContentType?: string | undefined },
  size: number,
): StoredObject {
  return {
    size,
    etag: out.ETag ?? '""',
    lastModified: out.LastModified ?? new Date(0),
    contentType: out.ContentType ?? 'application/octet-stream',
  };
}

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');
}

/** A refusal the bucket answered for this call (4xx but 404) stays as it is; anything else means the bucket cannot be used now. */
function unavailable(err: unknown): never {
  const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) throw err;
  throw new MediaStoreUnavailable(`The media bucket is unreachable: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}
