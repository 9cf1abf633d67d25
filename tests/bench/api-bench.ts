import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ms, runLoad, type LoadOptions, type LoadResult } from './load.ts';
import { settle } from './settle.ts';
import { deepSearchPages } from './deep-pages.ts';

const SERVER = fileURLToPath(new URL('./api-server.ts', import.meta.url));
const REQUESTS = 1000;
const CONCURRENCY = 8;
/**
 * Issue 33's targets, as ratios to '25 GIFs by id' through the same stack: the lightest call answering
 * 25 GIFs with their signed payloads, so the floor any page of 25 stands on (issue 20's 3x the no-op
 * route is retired; the no-op row stays for reference). The edge cache hit is still against the no-op.
 */
const TARGET_P50 = 2;
const TARGET_P99 = 3;
const TARGET_CACHE_HIT_P50 = 1.5;
const TARGET_GROWTH = 2;
/** A never-searched term over 1,000,000 GIFs on PostgreSQL against its 100,000-GIF figure: its cost must not grow with the library. */
const TARGET_NEW_TERM_GROWTH = 1.2;
const TARGET_SEARCHES_PER_S = 1000;
/**
 * Each warm row first serves passes of its own calls until the stack is steady: the last
 * STEADY_PASSES passes' p50s within STEADY_WITHIN of each other, after at most MAX_WARMUP_PASSES.
 * A code path is slow until V8 has optimised it, and when that happens varies from run to run: after
 * 5,000 requests the no-op's p50 was 0.35 ms in one run and 0.85–1.2 ms in others, as was an edge
 * cache hit's, which then fell to 0.35 ms. The fall can take several passes (a fresh server's hit:
 * 1.9, 0.9, 0.8, then 0.36 ms), so two passes alike are not enough to call it steady; three are.
 * A server in service has run these paths millions of times.
 */
const STEADY_PASSES = 3;
const MAX_WARMUP_PASSES = 15;
const STEADY_WITHIN = 0.1;

type UrlFor = (i: number, pass: string) => string;

/** Whether the last STEADY_PASSES p50s are within STEADY_WITHIN of their smallest. */
export function isSteady(p50s: readonly number[]): boolean {
  const last = p50s.slice(-STEADY_PASSES);
  return last.length === STEADY_PASSES && Math.max(...last) <= (1 + STEADY_WITHIN) * Math.min(...last);
}

/** Warm-up passes of `url` until its p50 is steady, then the measured pass. */
async function steadyLoad(url: UrlFor, options: LoadOptions): Promise<{ result: LoadResult; passes: number; steady: boolean }> {
  const p50s: number[] = [];
  while (p50s.length < MAX_WARMUP_PASSES && !isSteady(p50s)) {
    const offset = p50s.length * options.requests;
    p50s.push((await runLoad((i) => url(offset + i, 'warm'), { ...options, warmup: 0 })).p50);
  }
  return { result: await runLoad(url, { ...options, warmup: 0 }), passes: p50s.length, steady: isSteady(p50s) };
}

interface Ready {
  port: number;
  key: string;
  words: string[];
  buildMs: number;
}

export async function startBenchServer(kind: 'pglite' | 'postgres', count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, kind, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    ready: JSON.parse(line) as Ready,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The search and trending rows have their targets against BY_ID_ROW, the edge cache's against the
 * no-op. The reference rows have none: the no-op route and the by-id row are what the targets are up
 * against, and the cached answer sent as it is, 134 KB, has no work behind it.
 */
const NOOP_ROW = 'no-op route';
const BY_ID_ROW = '25 GIFs by id';
const CACHE_ROW = 'edge cache hit';
const NEW_TERM_ROW = 'search, new term';
const REFERENCE_ROWS = new Set([NOOP_ROW, BY_ID_ROW, 'cache hit, not gzipped']);
/** A trimmed answer (fields, bundle) is not to be slower than the full one it is cut from. */
const TRIMMED_ROWS = ['25 GIFs by id, fields', '25 GIFs by id, bundle'] as const;
const TARGET_TRIMMED_P50 = 1;

/** A row's target: the ratios it is held to and the row they are against; none for the reference rows. */
function targetOf(name: string): { label: string; against: string; met(p50: number, p99: number): boolean } | undefined {
  if (REFERENCE_ROWS.has(name)) return undefined;
  if ((TRIMMED_ROWS as readonly string[]).includes(name))
    return { label: `p50 ≤ ${TARGET_TRIMMED_P50}x`, against: BY_ID_ROW, met: (p50) => p50 <= TARGET_TRIMMED_P50 };
  if (name === CACHE_ROW) return { label: `p50 ≤ ${TARGET_CACHE_HIT_P50}x`, against: NOOP_ROW, met: (p50) => p50 <= TARGET_CACHE_HIT_P50 };
  return {
    label: `p50 ≤ ${TARGET_P50}x, p99 ≤ ${TARGET_P99}x`,
    against: BY_ID_ROW,
    met: (p50, p99) => p50 <= TARGET_P50 && p99 <= TARGET_P99,
  };
}

interface Measured {
  name: string;
  result: LoadResult;
  /** Warm-up passes before the measured one, and whether they reached a steady p50 (none for a cold row). */
  warmup?: { passes: number; steady: boolean };
}

/**
 * Every row through the same stack (`npm start`'s edge in front of the server, analytics running),
 * started once the machine has settled from the row before. Measured passes carry a per-request
 * `random_id` (as GIPHY's clients send per user), so the edge passes them on (it never keeps one
 * user's answers) and the server answers; the warm-up passes before each row run the same calls, as
 * a server that has been serving them would have (code optimised, terms ranked, wire objects built).
 * The uncached rows ask what nothing has asked before, so no cache answers: 'search, uncached' a term
 * no row asks (the most common words and the long tail, interleaved) at its own offset, right after
 * the no-op (before any row has ranked the common words) with two-word searches as its warm-up;
 * 'search, new term' the next thousand words of the vocabulary; 'search, deep page' full pages of 20
 * common words past offset 1,000 (deep-pages.ts); 'trending, uncached deep page' odd
 * offsets, where 'trending, deep page' warms even ones. The cache rows repeat 50 URLs, as popular embeds do.
 */
async function measure(kind: 'pglite' | 'postgres', count: number): Promise<{ rows: Measured[]; buildMs: number }> {
  const { ready, stop } = await startBenchServer(kind, count);
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const { words, key } = ready;
    const api = (path: string, i: number, pass: string) =>
      `${base}${path}${path.includes('?') ? '&' : '?'}api_key=${key}&random_id=${pass}${i}`;
    const opts = { requests: REQUESTS, concurrency: CONCURRENCY };
    const hot = words.slice(0, 200);
    const cold = words.slice(200, 200 + REQUESTS);
    // The common words and the long tail after the new terms, interleaved (7 is prime to the pool's size).
    const unasked = [...hot, ...words.slice(200 + REQUESTS, 2 * REQUESTS)];
    const uncachedTerm = (i: number) => unasked[(i * 7) % unasked.length];
    const rows: Measured[] = [];
    const settled = async (name: string) => {
      if ((await settle()) < 0) console.error(`${name}: the machine did not settle before this row`);
    };
    const run = async (name: string, url: UrlFor, options: LoadOptions = opts) => {
      await settled(name);
      const { result, passes, steady } = await steadyLoad(url, options);
      rows.push({ name, result, warmup: { passes, steady } });
    };
    /** A row whose measured pass must ask what nothing asked before: warmed by `warm`'s passes, measured once. */
    const runUncached = async (name: string, warm: UrlFor | null, url: UrlFor, requests = REQUESTS) => {
      const warmup = warm ? await steadyLoad(warm, opts) : undefined;
      await settled(name);
      const result = await runLoad(url, { ...opts, warmup: 0, requests });
      rows.push({ name, result, ...(warmup ? { warmup: { passes: warmup.passes, steady: warmup.steady } } : {}) });
    };
    await run(NOOP_ROW, (i, pass) => `${base}/healthz?random_id=${pass}${i}`);
    await runUncached(
      'search, uncached',
      (i, pass) => api(`/v1/gifs/search?q=${hot[(i * 13) % 150]}%20${hot[150 + (i % 50)]}`, i, pass),
      (i, pass) => api(`/v1/gifs/search?q=${uncachedTerm(i)}&offset=${i % 25}`, i, pass),
      unasked.length,
    );
    await run('search, one word', (i, pass) => api(`/v1/gifs/search?q=${hot[(i * 7919) % hot.length]}`, i, pass));
    await run('search, two words', (i, pass) => api(`/v1/gifs/search?q=${hot[i % 50]}%20${hot[(i * 31) % hot.length]}`, i, pass));
    const deepPage = await deepSearchPages(hot, (path) => fetch(api(path, 0, 'totals')));
    await run('search, deep page', (i, pass) => api(deepPage(i), i, pass));
    await runUncached(NEW_TERM_ROW, null, (i, pass) => api(`/v1/gifs/search?q=${cold[i % cold.length]}`, i, pass), cold.length);
    await run('trending', (i, pass) => api(`/v1/gifs/trending?offset=${(i % 20) * 25}`, i, pass));
    await run('trending, deep page', (i, pass) => api(`/v1/gifs/trending?offset=${1000 + 2 * ((i * 97) % 1975)}`, i, pass));
    await runUncached('trending, uncached deep page', null, (i, pass) =>
      api(`/v1/gifs/trending?offset=${1001 + 2 * ((i * 97) % 1975)}`, i, pass),
    );
    const pages = await Promise.all(
      hot
        .slice(0, 50)
        .map((word, i) => fetch(api(`/v1/gifs/search?q=${word}`, i, 'ids')).then((r) => r.json() as Promise<{ data: { id: string }[] }>)),
    );
    const idLists = pages.map((page) => page.data.map((gif) => gif.id).join(','));
    await run(BY_ID_ROW, (i, pass) => api(`/v1/gifs?ids=${idLists[i % idLists.length]}`, i, pass));
    // Issue 34: the same answers trimmed by GIPHY's fields and bundle, held to the full answer's p50 (TRIMMED_ROWS).
    await run(TRIMMED_ROWS[0], (i, pass) => api(`/v1/gifs?ids=${idLists[i % idLists.length]}&fields=id,url,images.original`, i, pass));
    await run(TRIMMED_ROWS[1], (i, pass) => api(`/v1/gifs?ids=${idLists[i % idLists.length]}&bundle=messaging_non_clips`, i, pass));
    const cached = (i: number) => `${base}/v1/gifs/search?q=${hot[i % 50]}&api_key=${key}`;
    await run(CACHE_ROW, cached);
    await run('cache hit, not gzipped', cached, { ...opts, acceptEncoding: 'identity' });
    return { rows, buildMs: ready.buildMs };
  } finally {
    await stop();
  }
}

const cell = (r: LoadResult | undefined) =>
  r ? `${ms(r.p50).padStart(9)} ${ms(r.p99).padStart(9)} ${r.perSecond.toFixed(0).padStart(6)}/s` : ''.padStart(28);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

const warmupNote = ({ warmup }: Measured) => (!warmup ? '' : warmup.steady ? '' : `; NOT STEADY after ${warmup.passes} warm-up passes`);

function verdicts(rows: Measured[], kind: string): string[] {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const noopRow = byName.get(NOOP_ROW)!;
  const out: string[] = noopRow.warmup?.steady ? [] : [`  no-op route${warmupNote(noopRow)}`];
  for (const row of rows) {
    const { name, result } = row;
    if (name === NOOP_ROW) continue;
    const target = targetOf(name);
    const against = byName.get(target?.against ?? NOOP_ROW)!.result;
    const verdict = target
      ? `(target ${target.label}: ${target.met(result.p50 / against.p50, result.p99 / against.p99) ? 'met' : 'MISSED'})`
      : '(for reference, no target)';
    const hits = result.cacheHits > 0 ? `, hit ratio ${((result.cacheHits / result.requests) * 100).toFixed(1)}%` : '';
    const errors = result.errors ? `, ${result.errors} ERRORS` : '';
    const warm = warmupNote(row);
    const of = target?.against === BY_ID_ROW ? 'of by id' : 'of no-op';
    out.push(
      `  ${name.padEnd(28)} ${ratio(result.p50, against.p50).padStart(6)} p50 ${ratio(result.p99, against.p99).padStart(6)} p99 ${of} ${verdict}${hits}${errors}${warm}`,
    );
  }
  if (kind === 'postgres') {
    const search = byName.get('search, one word')!.result;
    out.push(
      `  searches/s at concurrency ${CONCURRENCY}: ${search.perSecond.toFixed(0)} (target ≥ ${TARGET_SEARCHES_PER_S}: ${search.perSecond >= TARGET_SEARCHES_PER_S ? 'met' : 'MISSED'})`,
    );
  }
  return out;
}

/** The row's p50 growth from the first corpus size to the last, with its target. */
function growthOf(name: string, grew: number, kind: string): string {
  const limit = name === NEW_TERM_ROW && kind === 'postgres' ? TARGET_NEW_TERM_GROWTH : targetOf(name) ? TARGET_GROWTH : undefined;
  return `   ${grew.toFixed(1)}x${limit ? ` (≤ ${limit}x: ${grew <= limit ? 'met' : 'MISSED'})` : ''}`;
}

/** Search and trending on one store at each corpus size, side by side, with the targets' verdicts. */
export async function benchApi(kind: 'pglite' | 'postgres', sizes: readonly number[]): Promise<string[]> {
  const runs: { count: number; rows: Measured[]; buildMs: number }[] = [];
  for (const count of sizes) runs.push({ count, ...(await measure(kind, count)) });
  const header = runs.map((r) => `${r.count.toLocaleString('en')} GIFs: p50 / p99 / rate`.padStart(30)).join('  ');
  const lines = [
    `Public API on ${kind} through the edge, ${REQUESTS} requests per row at concurrency ${CONCURRENCY} (corpus built in ${runs.map((r) => `${(r.buildMs / 1000).toFixed(0)} s`).join(', ')}):`,
    `  ${''.padEnd(28)} ${header}${runs.length > 1 ? '   p50 growth' : ''}`,
  ];
  for (const [i, { name }] of runs[0]!.rows.entries()) {
    const cells = runs.map((r) => cell(r.rows[i]?.result)).join('    ');
    const grew = runs[runs.length - 1]!.rows[i]!.result.p50 / runs[0]!.rows[i]!.result.p50;
    const growth = runs.length > 1 ? growthOf(name, grew, kind) : '';
    lines.push(`  ${name.padEnd(28)} ${cells}${growth}`);
  }
  for (const r of runs) lines.push(`  at ${r.count.toLocaleString('en')} GIFs:`, ...verdicts(r.rows, kind));
  return lines;
}
