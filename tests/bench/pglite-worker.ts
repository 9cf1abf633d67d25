/**
 * PGlite behind a worker thread, as node-postgres sees it: an object with PGlite's
 * `execProtocolStream` whose messages travel to the worker (pglite-worker-thread.ts) and back, parsed
 * here by pg-protocol. Lets `createPgConfig` (and so Kysely) use it unchanged.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';

const THREAD = fileURLToPath(new URL('./pglite-worker-thread.mjs', import.meta.url));

export interface PgliteInWorker {
  waitReady: Promise<void>;
  execProtocolStream(bytes: Uint8Array, options?: unknown): Promise<BackendMessage[]>;
  close(): Promise<void>;
}

export function pgliteInWorker(dataDir?: string): PgliteInWorker {
  const worker = new Worker(THREAD, { workerData: { dataDir } });
  const waiting = new Map<number, (raw: Uint8Array) => void>();
  let nextId = 0;
  const waitReady = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { ready?: boolean; id?: number; raw?: Uint8Array }) => {
      if (m.ready) return resolve();
      waiting.get(m.id!)?.(m.raw!);
      waiting.delete(m.id!);
    });
  });
  const call = (message: object) =>
    new Promise<Uint8Array>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      worker.postMessage({ id, ...message });
    });
  return {
    waitReady,
    async execProtocolStream(bytes) {
      const raw = await call({ bytes });
      const messages: BackendMessage[] = [];
      new Parser().parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (m) => messages.push(m));
      return messages;
    },
    async close() {
      await call({ close: true });
      await worker.terminate();
    },
  };
}
