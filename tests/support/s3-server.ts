import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { startRadosGateway } from './ceph-cluster.ts';

export interface S3Server {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  region: string;
  /** A fresh, empty bucket made for this server's caller. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: true;
  /** The settings a server process reads for this bucket (README, configuration). */
  env: Record<string, string>;
  /** A client with the settings a third-party S3 server needs (path-style, checksums only when required). */
  client(options?: { maxAttempts?: number }): S3Client;
  /** Another fresh bucket on the same server, so suites in one file can share it. */
  newBucket(): Promise<string>;
  /** Makes the bucket unreachable (connections refused) until `startGateway`; stored objects stay. */
  stopGateway(): Promise<void>;
  startGateway(): Promise<void>;
  /** Stops the server and removes everything it stored. */
  stop(): Promise<void>;
}

const REGION = 'us-east-1';

/**
 * A real S3-compatible server for a test: Ceph's RADOS Gateway (Debian's radosgw) on its own
 * throwaway cluster on 127.0.0.1, with one new bucket. Fails, saying how to install it, when Ceph
 * is missing (.ci/run installs it).
 */
export async function startS3Server(): Promise<S3Server> {
  const gateway = await startRadosGateway();
  const client = (options: { maxAttempts?: number } = {}) =>
    new S3Client({
      endpoint: gateway.endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...options,
    });
  const newBucket = async () => {
    const bucket = `loopbox-test-${randomBytes(6).toString('hex')}`;
    const s3 = client();
    try {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    } finally {
      s3.destroy();
    }
    return bucket;
  };
  let bucket: string;
  try {
    bucket = await newBucket();
  } catch (err) {
    await gateway.stop();
    throw err;
  }
  return {
    endpoint: gateway.endpoint,
    region: REGION,
    bucket,
    accessKeyId: gateway.accessKeyId,
    secretAccessKey: gateway.secretAccessKey,
    forcePathStyle: true,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: gateway.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: gateway.accessKeyId,
      AWS_SECRET_ACCESS_KEY: gateway.secretAccessKey,
    },
    client,
    newBucket,
    stopGateway: gateway.stopGateway,
    startGateway: gateway.startGateway,
    stop: gateway.stop,
  };
}
