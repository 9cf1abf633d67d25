import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ms, runLoad, type LoadResult } from './load.ts';

const SERVER = fileURLToPath(new URL('./api-server.ts', import.meta.url));
const REQUESTS = 1000;
const CONCURRENCY = 8;
/** Issue 20's targets, as ratios to the no-op route through the same stack. */
const TARGET_P50 = 3;
const TARGET_P99 = 5;
const TARGET_CACHE_HIT_P50 = 1.5;
const TARGET_GROWTH = 2;
const TARGET_SEARCHES_PER_S = 1000;
/**
 * The no-op row runs first, on a stack no request has been through: over its first few thousand
 * requests its p50 falls from about 3.8 ms to 0.35 ms and stays there (every later row runs on the
 * stack it warmed), so it warms up on this many before it is measured.
 */
const NOOP_WARMUP = 5 * REQUESTS;

interface Ready {
  port: number;
  key: string;
  words: string[];
  buildMs: number;
}

export async function startBenchServer(kind: 'pglite' | 'postgres', count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, kind, String(count)], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready: JSON.parse(line) as Ready, pid: child.pid!, stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }) };
}

interface Measured {
  name: string;
  result: LoadResult;
}

/**
 * Every row through the same stack (`npm start`'s edge in front of the server, analytics running).
 * Measured passes carry a per-request `random_id` (as GIPHY's clients send per user), so the edge
 * passes them on (it never keeps one user's answers) and the server answers; the warm-up pass before each row runs the same calls, as a
 * server that has been serving them would have (terms ranked, wire objects built). The cold rows
 * search terms no pass has asked for. The cache row repeats 50 URLs, as popular embeds do.
 */
async function measure(kind: 'pglite' | 'postgres', count: number): Promise<{ rows: Measured[]; buildMs: number }> {
  const { ready, stop } = await startBenchServer(kind, count);
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const { words, key } = ready;
    const api = (path: string, i: number, pass: string) => `${base}${path}${path.includes('?') ? '&' : '?'}api_key=${key}&random_id=${pass}${i}`;
    const opts = { requests: REQUESTS, concurrency: CONCURRENCY, warmup: REQUESTS };
    const hot = words.slice(0, 200);
    const cold = words.slice(200);
    const rows: Measured[] = [];
    const run = async (name: string, url: (i: number, pass: string) => string, options = opts) => rows.push({ name, result: await runLoad(url, options) });
    await run('no-op route', (i, pass) => `${base}/healthz?random_id=${pass}${i}`, { ...opts, warmup: NOOP_WARMUP });
    await run('search, one word', (i, pass) => api(`/v1/gifs/search?q=${hot[(i * 7919) % hot.length]}`, i, pass));
    await run('search, two words', (i, pass) => api(`/v1/gifs/search?q=${hot[i % 50]}%20${hot[(i * 31) % hot.length]}`, i, pass));
    await run('search, deep page', (i, pass) => api(`/v1/gifs/search?q=${hot[i % 20]}&offset=${1000 + ((i * 97) % 3950)}`, i, pass));
    await run('search, new term', (i, pass) => api(`/v1/gifs/search?q=${cold[i % cold.length]}`, i, pass), { ...opts, warmup: 0, requests: Math.min(REQUESTS, cold.length) });
    await run('trending', (i, pass) => api(`/v1/gifs/trending?offset=${(i % 20) * 25}`, i, pass));
    await run('trending, deep page', (i, pass) => api(`/v1/gifs/trending?offset=${1000 + ((i * 97) % 3950)}`, i, pass));
    await run('edge cache hit', (i) => `${base}/v1/gifs/search?q=${hot[i % 50]}&api_key=${key}`);
    return { rows, buildMs: ready.buildMs };
  } finally {
    await stop();
  }
}

const cell = (r: LoadResult | undefined) => (r ? `${ms(r.p50).padStart(9)} ${ms(r.p99).padStart(9)} ${r.perSecond.toFixed(0).padStart(6)}/s` : ''.padStart(28));
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

function verdicts(rows: Measured[], kind: string): string[] {
  const noop = rows.find((r) => r.name === 'no-op route')!.result;
  const out: string[] = [];
  for (const { name, result } of rows) {
    if (name === 'no-op route') continue;
    const p50 = result.p50 / noop.p50;
    const p99 = result.p99 / noop.p99;
    const target = name === 'edge cache hit' ? `p50 ≤ ${TARGET_CACHE_HIT_P50}x` : `p50 ≤ ${TARGET_P50}x, p99 ≤ ${TARGET_P99}x`;
    const met = name === 'edge cache hit' ? p50 <= TARGET_CACHE_HIT_P50 : p50 <= TARGET_P50 && p99 <= TARGET_P99;
    const hits = name === 'edge cache hit' ? `, hit ratio ${((result.cacheHits / result.requests) * 100).toFixed(1)}%` : '';
    const errors = result.errors ? `, ${result.errors} ERRORS` : '';
    out.push(`  ${name.padEnd(20)} ${ratio(result.p50, noop.p50).padStart(6)} p50 ${ratio(result.p99, noop.p99).padStart(6)} p99 of no-op (target ${target}: ${met ? 'met' : 'MISSED'})${hits}${errors}`);
  }
  if (kind === 'postgres') {
    const search = rows.find((r) => r.name === 'search, one word')!.result;
    out.push(`  searches/s at concurrency ${CONCURRENCY}: ${search.perSecond.toFixed(0)} (target ≥ ${TARGET_SEARCHES_PER_S}: ${search.perSecond >= TARGET_SEARCHES_PER_S ? 'met' : 'MISSED'})`);
  }
  return out;
}

/** Search and trending on one store at each corpus size, side by side, with the targets' verdicts. */
export async function benchApi(kind: 'pglite' | 'postgres', sizes: readonly number[]): Promise<string[]> {
  const runs: { count: number; rows: Measured[]; buildMs: number }[] = [];
  for (const count of sizes) runs.push({ count, ...(await measure(kind, count)) });
  const header = runs.map((r) => `${r.count.toLocaleString('en')} GIFs: p50 / p99 / rate`.padStart(30)).join('  ');
  const lines = [
    `Public API on ${kind} through the edge, ${REQUESTS} requests per row at concurrency ${CONCURRENCY} (corpus built in ${runs.map((r) => `${(r.buildMs / 1000).toFixed(0)} s`).join(', ')}):`,
    `  ${''.padEnd(20)} ${header}${runs.length > 1 ? '   p50 growth' : ''}`,
  ];
  for (const [i, { name }] of runs[0]!.rows.entries()) {
    const cells = runs.map((r) => cell(r.rows[i]?.result)).join('    ');
    const growth = runs.length > 1 ? `   ${ratio(runs[runs.length - 1]!.rows[i]!.result.p50, runs[0]!.rows[i]!.result.p50)}` : '';
    const ok = name !== 'no-op route' && runs.length > 1 ? ` (≤ ${TARGET_GROWTH}x: ${runs[runs.length - 1]!.rows[i]!.result.p50 / runs[0]!.rows[i]!.result.p50 <= TARGET_GROWTH ? 'met' : 'MISSED'})` : '';
    lines.push(`  ${name.padEnd(20)} ${cells}${growth}${ok}`);
  }
  for (const r of runs) lines.push(`  at ${r.count.toLocaleString('en')} GIFs:`, ...verdicts(r.rows, kind));
  return lines;
}
