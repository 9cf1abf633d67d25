/**
 * (Plain JavaScript: a worker thread does not get tsx's loader on Node 20.)
 * The PGlite store on its own thread (the measurement behind "PGlite reads from a worker thread" in
 * docs/decisions.md): this file runs inside a worker_thread, owns the PGlite instance and answers
 * raw protocol messages; `pglite-worker.ts` is the main thread's side.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const pglite = new PGlite({ dataDir: workerData.dataDir, extensions: { pg_trgm } });
await pglite.waitReady;
parentPort.on('message', async (message) => {
  if (message.close) {
    await pglite.close();
    parentPort.postMessage({ id: message.id, raw: new Uint8Array() });
    return;
  }
  const raw = await pglite.execProtocolRaw(message.bytes);
  parentPort.postMessage({ id: message.id, raw }, [raw.buffer]);
});
parentPort.postMessage({ ready: true });
