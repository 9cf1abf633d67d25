import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startProcessGroup } from '../support/process-group.ts';
import { BENCH_RUN_ENV } from '../support/test-run-env.ts';
import { openStore } from '../../apps/server/src/store/db.ts';
import { scratchDatabase } from '../support/stores.ts';
import { ms, runLoad, type LoadResult } from './load.ts';
import { buildSyntheticCorpus } from './synthetic-corpus.ts';

const SERVER = fileURLToPath(new URL('./api-server.ts', import.meta.url));
const CORPUS = 100_000;
const REQUESTS = 2000;
const CONCURRENCY = 12;
const PINGBACKS_PER_BATCH = 25;

/**
 * One and three server processes on one PostgreSQL database (`npm start`'s wiring each), the load
 * spread over them round-robin as a load balancer would: search (warm, edge cache missed) and
 * pingback batches. On a two-core machine shared with PostgreSQL and the load generator, more
 * processes mostly show that the work is shared correctly rather than faster.
 */
export async function benchProcesses(): Promise<string[]> {
  if (!process.env.DATABASE_URL) return ['(one vs three processes skipped: DATABASE_URL is not set)'];
  const scratch = await scratchDatabase();
  try {
    const setup = await openStore({ databaseUrl: scratch.url });
    const words = await buildSyntheticCorpus(setup.db, CORPUS);
    await setup.close();
    const results: Record<number, { search: LoadResult; pingbacks: LoadResult }> = {};
    for (const count of [1, 3]) {
      const group = await startProcessGroup(SERVER, count, scratch.url, BENCH_RUN_ENV, ['attach']);
      try {
        const at = (i: number) => group.members[i % count]!.baseUrl;
        const first = (await (await fetch(`${at(0)}/v1/gifs/search?q=${words[0]}&api_key=${group.webKey}`)).json()) as {
          data: { analytics_response_payload: string }[];
        };
        const payloads = first.data.map((g) => g.analytics_response_payload);
        const search = await runLoad(
          (i, pass) => `${at(i)}/v1/gifs/search?q=${words[(i * 7919) % 200]}&api_key=${group.webKey}&random_id=${pass}${i}`,
          { requests: REQUESTS, concurrency: CONCURRENCY, warmup: REQUESTS },
        );
        const pingbacks = await runLoadPost(at, payloads, group.webKey);
        results[count] = { search, pingbacks };
      } finally {
        await Promise.all(group.members.map((m) => m.stop()));
        await group.close();
      }
    }
    const line = (name: string, a: LoadResult, b: LoadResult, unit = 1) =>
      `  ${name.padEnd(26)} ${(a.perSecond * unit).toFixed(0).padStart(7)}/s (p50 ${ms(a.p50)})   ${(b.perSecond * unit).toFixed(0).padStart(7)}/s (p50 ${ms(b.p50)})   ${(b.perSecond / a.perSecond).toFixed(2)}x`;
    return [
      `Processes on one PostgreSQL (${CORPUS.toLocaleString('en')} GIFs, ${REQUESTS} requests per row at concurrency ${CONCURRENCY}, round-robin):`,
      `  ${''.padEnd(26)} ${'one process'.padStart(25)}   ${'three processes'.padStart(25)}`,
      line('search, one word', results[1]!.search, results[3]!.search),
      line(`pingbacks (events)`, results[1]!.pingbacks, results[3]!.pingbacks, PINGBACKS_PER_BATCH),
    ];
  } finally {
    await scratch.drop();
  }
}

/** Pingback batches of fresh events, round-robin over the processes. */
async function runLoadPost(at: (i: number) => string, payloads: string[], key: string): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const client = async () => {
    while (issued < REQUESTS) {
      const i = issued++;
      const events = Array.from({ length: PINGBACKS_PER_BATCH }, (_, k) => ({
        event_id: randomUUID(),
        action_type: 'SEEN',
        analytics_response_payload: payloads[(i + k) % payloads.length],
        user_id: 'a1b2c3d4e5f6a7b8',
        ts: Date.now(),
        attributes: { layout_type: 'GRID' },
      }));
      const t = performance.now();
      const res = await fetch(`${at(i)}/v2/pingback?apikey=${key}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ events }),
      });
      await res.arrayBuffer();
      if (!res.ok) errors++;
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, cacheHits: 0, p50: q(0.5), p99: q(0.99), perSecond: latencies.length / elapsed };
}
