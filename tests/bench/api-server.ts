/**
 * A bench server in its own process (PGlite runs on the thread that calls it, so the load must come
 * from elsewhere), serving `npm start`'s wiring (createPlatform: the edge in front of the server app,
 * analytics running) with the edge's limits lifted.
 * - `api-server.ts <pglite|postgres> <count>`: builds the synthetic corpus in a fresh store, serves on
 *   a free port and prints one JSON line `{port, key, words, buildMs}`.
 * - `api-server.ts attach`: serves the database at DATABASE_URL as it is on PORT and prints
 *   `ready <webKey>` (several of them on one database make the multi-process bench).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serveHttp } from '../../apps/server/src/http/serve.ts';
import { startBenchPlatform } from './bench-platform.ts';
import { openStore } from '../../apps/server/src/store/db.ts';
import { openTestStore } from '../support/stores.ts';
import { pgliteInWorker } from './pglite-worker.ts';
import { buildSyntheticCorpus, settleAfterLoad } from './synthetic-corpus.ts';

const attach = process.argv[2] === 'attach';
const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const count = Number(process.argv[3] ?? 100_000);
// The embedded store on disk, as `npm start` keeps it (in memory, a search's log writes cost less);
// BENCH_PGLITE_WORKER=1 runs it on a worker thread instead of the HTTP thread.
const storeDir = !attach && kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-bench-store-')) : undefined;
const store = attach
  ? await openStore({ databaseUrl: process.env.DATABASE_URL })
  : storeDir
    ? await openStore({ dataDir: storeDir, ...(process.env.BENCH_PGLITE_WORKER === '1' ? { embedded: pgliteInWorker } : {}) })
    : await openTestStore(kind);
const started = Date.now();
const words = attach ? [] : await buildSyntheticCorpus(store.db, count);
const buildMs = Date.now() - started;
if (!attach) await settleAfterLoad(store.db);
const { platform, dataDir } = await startBenchPlatform(store);
const server = serveHttp(platform.fetch, { port: attach ? Number(process.env.PORT) : 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  const { webKey } = platform.credentials;
  process.stdout.write(attach ? `ready ${webKey}\n` : `${JSON.stringify({ port: info.port, key: webKey, words, buildMs })}\n`);
});
process.on('SIGTERM', async () => {
  server.close();
  await platform.stop();
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
  process.exit(0);
});
