/**
 * A server process killed with -9 in the middle of storing a GIF's files in the bucket (issue 35,
 * faults): the bucket's port is taken over by a listener that holds the first PUT, so the kill lands
 * while the upload's files are being stored. After a restart the upload is processed again from its
 * received file and completes; at no moment does the GIF answer while one of its files is missing.
 * PGlite only: its process is alone on its data directory, so a restart takes the upload back at
 * once (on PostgreSQL another process's claim is taken back after PROCESSING_STALE_MS, two minutes).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { creatorsDb } from '../../apps/server/src/uploads/schema.ts';
import { testUsername } from '../support/accounts.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { storeKinds } from '../support/stores.ts';

const COMPLETION_WAIT_MS = 180_000;

/** Listens on the stopped gateway's port; resolves once a PUT or POST (a store call) arrives, holding every connection unanswered. */
function holdStoreCalls(endpoint: string): Promise<{ stored: Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let seen: () => void;
  const stored = new Promise<void>((resolve) => (seen = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (chunk) => {
      if (/^(PUT|POST) /.test(chunk.toString('latin1'))) seen();
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(new URL(endpoint).port), '127.0.0.1', () =>
      resolve({
        stored,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}

describe.skipIf(!storeKinds().includes('pglite'))(
  'a process killed with -9 while storing an upload in the bucket',
  { timeout: 300_000 },
  () => {
    let s3: S3Server;
    let proc: ServerProcess;
    let dir: string;

    beforeAll(async () => {
      s3 = await startS3Server();
      proc = await startServerProcess('pglite', { env: s3.env });
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-killed-store-'));
    }, 300_000);
    afterAll(async () => {
      await proc?.close();
      await s3?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('takes the upload back after a restart and completes it; the GIF never answers with a file missing', async () => {
      const token = await proc.readStore((db) =>
        accountsDb(db)
          .transaction()
          .execute(async (trx) => {
            const username = testUsername('creator');
            const id = await createAccount(
              trx,
              { username, email: `${username}@example.test`, passwordHash: null, role: 'creator', emailVerified: true },
              { userId: null, via: 'cli', address: 'test' },
            );
            return (await createAccessToken(trx, id, { label: 'kill test', scope: 'creator' })).token;
          }),
      );
      const form = new FormData();
      form.set('file', new Blob([fs.readFileSync(await makeGif(path.join(dir, 'killed.gif')))]), 'killed.gif');

      await s3.stopGateway();
      const held = await holdStoreCalls(s3.endpoint);
      const answer = fetch(`${proc.baseUrl}/v1/gifs?api_key=${proc.webKey}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      }).catch(() => null);
      await held.stored;
      await proc.kill();
      await answer;
      await held.close();
      await s3.startGateway();

      // Killed mid-store: the upload is still processing and no GIF row names it. readStore restarts the process after.
      const upload = await proc.readStore(async (db) => {
        const row = await creatorsDb(db).selectFrom('uploads').select(['gif_id', 'state', 'attempts']).executeTakeFirstOrThrow();
        const gif = await db.selectFrom('gifs').select('id').where('id', '=', row.gif_id).executeTakeFirst();
        return { ...row, gifExists: gif !== undefined };
      });
      expect(upload).toMatchObject({ state: 'processing', attempts: 1, gifExists: false });

      const s3Client = s3.client({ maxAttempts: 1 });
      try {
        let files: string[] = [];
        for (let waited = 0; files.length === 0; waited += 200) {
          if (waited > COMPLETION_WAIT_MS) throw new Error('the upload was not completed after the restart');
          const res = await fetch(`${proc.baseUrl}/v1/gifs/${upload.gif_id}?api_key=${proc.webKey}`);
          if (res.status === 200) {
            const images = ((await res.json()) as { data: { images: Record<string, Record<string, unknown>> } }).data.images;
            const urls = new Set(
              Object.values(images).flatMap((r) =>
                Object.values(r).filter((v): v is string => typeof v === 'string' && v.includes('/media/')),
              ),
            );
            files = [...urls].map((url) => new URL(url, proc.baseUrl).pathname);
            expect(files.length).toBeGreaterThan(3);
          } else {
            expect(res.status).toBe(404);
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
        // From the first answer that shows the GIF, every file it names is stored and served.
        for (const file of files) {
          const served = await fetch(`${proc.baseUrl}${file}`);
          expect(served.status, file).toBe(200);
          const object = await s3Client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: file.slice('/media/'.length) }));
          expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await object.Body!.transformToByteArray())), file).toBe(true);
        }
      } finally {
        s3Client.destroy();
      }
    });
  },
);
