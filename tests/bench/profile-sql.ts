/**
 * `node --import tsx tests/bench/profile-sql.ts [search|new|trending|deep|search-deep]`: where the embedded store's time
 * goes per request. Builds the 100,000-GIF synthetic corpus in PGlite, serves `npm start`'s wiring in
 * this process, sends 1,000 warm requests one at a time (after a warm-up pass of the same) and prints
 * each statement's share: PGlite's time per request and protocol calls, by the statement they serve.
 * It wraps PGlite's protocol entry point, so it measures the store's own thread time, nothing else.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { startBenchPlatform } from './bench-platform.ts';
import { openTestStore } from '../support/stores.ts';
import { buildSyntheticCorpus } from './synthetic-corpus.ts';
import { deepSearchPages } from './deep-pages.ts';

const REQUESTS = 1000;
/** After the warm-up: the projection runner builds the trending lists it asked for. */
const RUNNER_SETTLE_MS = 3_000;
const PARSE = 0x50; // 'P': an extended-protocol statement; the messages after it serve it
const QUERY = 0x51; // 'Q': a simple-protocol statement (BEGIN, COMMIT)

const byStatement = new Map<string, { calls: number; ms: number }>();
let statement = '?';
let measuring = false;
type Exec = (message: Uint8Array, options?: unknown) => Promise<unknown>;
const pglite = PGlite.prototype as unknown as { execProtocolStream: Exec };
const exec = pglite.execProtocolStream;
pglite.execProtocolStream = async function (this: unknown, message, options) {
  if (message[0] === PARSE) statement = Buffer.from(message).toString('utf8', 5).split('\0')[1] ?? '?';
  else if (message[0] === QUERY) statement = Buffer.from(message).toString('utf8', 5).replace(/\0$/, '');
  const started = performance.now();
  const result = await exec.call(this, message, options);
  if (measuring) {
    const key = statement.replace(/\s+/g, ' ').trim().slice(0, 110);
    const seen = byStatement.get(key) ?? { calls: 0, ms: 0 };
    seen.calls += 1;
    seen.ms += performance.now() - started;
    byStatement.set(key, seen);
  }
  return result;
};

const MODES = ['search', 'new', 'trending', 'deep', 'search-deep'] as const;
const what = MODES.find((mode) => mode === process.argv[2]) ?? 'search';
const store = await openTestStore('pglite');
const vocabulary = await buildSyntheticCorpus(store.db, 100_000);
// `new`: terms no request has asked for (the warm-up pass asks the hot ones, so the stack is warm but each ranking is not).
const words = vocabulary.slice(0, 200);
const cold = vocabulary.slice(200, 200 + REQUESTS);
const { platform, dataDir } = await startBenchPlatform(store);
const key = platform.credentials.webKey;
const deepPage = await deepSearchPages(words, (path) => platform.fetch(new Request(`http://127.0.0.1${path}&api_key=${key}`)));
// A random_id per request and pass, as GIPHY's clients send per user: the edge cache misses and the server answers.
const query = (i: number, pass: string) => {
  if (what === 'trending') return `/v1/gifs/trending?offset=${(i % 20) * 25}`;
  // `deep`: the api bench's uncached deep trending pages (odd offsets past 1,000, warmed on even ones).
  if (what === 'deep') return `/v1/gifs/trending?offset=${(pass === 'run' ? 1001 : 1000) + 2 * ((i * 97) % 1975)}`;
  // `search-deep`: the api bench's deep search pages (its warm-up asks the same pages first).
  if (what === 'search-deep') return deepPage(i);
  return `/v1/gifs/search?q=${what === 'new' && pass === 'run' ? cold[i % cold.length] : words[(i * 7919) % words.length]}`;
};
const url = (i: number, pass: string) => `http://127.0.0.1${query(i, pass)}&api_key=${key}&random_id=${pass}${i}`;
const send = async (i: number, pass: string) => {
  await (await platform.fetch(new Request(url(i, pass)))).text();
  // In-process requests are all promises: without a turn of the event loop no timer (the projection
  // runner, the search log's flush) would ever run between them.
  await new Promise((resolve) => setImmediate(resolve));
};
for (let i = 0; i < REQUESTS; i++) await send(i, 'warm');
await new Promise((resolve) => setTimeout(resolve, RUNNER_SETTLE_MS));
measuring = true;
const started = performance.now();
for (let i = 0; i < REQUESTS; i++) await send(i, 'run');
const elapsed = performance.now() - started;
measuring = false;
const storeMs = [...byStatement.values()].reduce((sum, s) => sum + s.ms, 0);
console.log(
  `${what}: ${REQUESTS} ${what === 'new' ? 'never-searched terms' : what === 'deep' ? 'uncached deep trending pages' : 'warm requests'} one at a time, ${(elapsed / REQUESTS).toFixed(2)} ms each, of which PGlite ${(storeMs / REQUESTS).toFixed(3)} ms:`,
);
for (const [text, s] of [...byStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) {
  console.log(`  ${(s.ms / REQUESTS).toFixed(3).padStart(7)} ms/request ${String(s.calls).padStart(6)} calls  ${text}`);
}
await platform.stop();
await store.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0); // the uploads' start-up recovery may still be waiting on the closed store
