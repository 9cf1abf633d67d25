import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ms, runLoad, type LoadResult } from './load.ts';

const SERVER = fileURLToPath(new URL('./api-server.ts', import.meta.url));
const CORPUS = 100_000;
const REQUESTS = 1000;
const CONCURRENCY = 8;

interface Ready {
  port: number;
  key: string;
  words: string[];
  buildMs: number;
}

async function startServer(kind: 'pglite' | 'postgres') {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, kind, String(CORPUS)], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready: JSON.parse(line) as Ready, stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }) };
}

const row = (name: string, r: LoadResult, base?: LoadResult) =>
  `  ${name.padEnd(22)} p50 ${ms(r.p50).padStart(9)}  p99 ${ms(r.p99).padStart(9)}  ${r.perSecond.toFixed(0).padStart(6)} req/s` +
  (base ? `  (${(r.p50 / base.p50).toFixed(1)}x no-op p50, ${(r.perSecond / base.perSecond).toFixed(2)}x no-op rate)` : '') +
  (r.errors ? `  ${r.errors} errors` : '');

/** Search and trending against a 100,000-GIF corpus, beside the no-op route, on one store. */
export async function benchApi(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const { ready, stop } = await startServer(kind);
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const words = ready.words;
    const opts = { requests: REQUESTS, concurrency: CONCURRENCY };
    const noop = await runLoad(() => `${base}/healthz`, opts);
    const search = await runLoad((i) => `${base}/v1/gifs/search?q=${words[(i * 7919) % words.length]}&api_key=${ready.key}`, opts);
    const twoWords = await runLoad((i) => `${base}/v1/gifs/search?q=${words[i % 50]}%20${words[(i * 31) % words.length]}&api_key=${ready.key}`, opts);
    const trending = await runLoad((i) => `${base}/v1/gifs/trending?offset=${(i % 20) * 25}&api_key=${ready.key}`, opts);
    return [
      `Public API on ${kind}, ${CORPUS.toLocaleString('en')} GIFs (built in ${(ready.buildMs / 1000).toFixed(1)} s), ${REQUESTS} requests at concurrency ${CONCURRENCY}:`,
      row('no-op route', noop),
      row('search, one word', search, noop),
      row('search, two words', twoWords, noop),
      row('trending', trending, noop),
    ];
  } finally {
    await stop();
  }
}
