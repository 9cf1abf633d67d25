/**
 * A bench server in its own process (PGlite runs on the thread that calls it, so the load must come
 * from elsewhere): builds the synthetic corpus in a fresh store and serves the real app on a free port.
 * Prints one JSON line `{port, key, words, buildMs}` when ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../apps/server/src/app.ts';
import { ensureCredentials } from '../../apps/server/src/content/bootstrap.ts';
import { openTestStore } from '../support/stores.ts';
import { buildSyntheticCorpus } from './synthetic-corpus.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const count = Number(process.argv[3] ?? 100_000);
const store = await openTestStore(kind);
const started = Date.now();
const words = await buildSyntheticCorpus(store.db, count);
const buildMs = Date.now() - started;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-bench-'));
const { webKey } = await ensureCredentials(store.db, { dataDir });
const app = createApp({ db: store.db, mediaDir: dataDir });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stdout.write(`${JSON.stringify({ port: info.port, key: webKey, words: words.slice(0, 400), buildMs })}\n`);
});
process.on('SIGTERM', async () => {
  server.close();
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
