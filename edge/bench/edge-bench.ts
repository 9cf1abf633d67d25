/**
 * What the edge costs: requests/s and p50/p99 latency straight to an upstream, then through the edge on
 * Node (as `npm start` runs it: the upstream in-process; and by URL) and inside workerd itself
 * (Miniflare's direct sockets, not `wrangler dev`), all in one run on 127.0.0.1.
 * Run alone with `node --import tsx edge/bench/edge-bench.ts`; the root bench runner calls benchEdge().
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { createNodeEdge } from '../src/node.ts';
import { bindingUpstream, upstreamsFrom, type Upstream } from '../src/upstreams.ts';

const LATENCY_REQUESTS = 2_000;
const THROUGHPUT_REQUESTS = 4_000;
const THROUGHPUT_CONCURRENCY = 16;
const WARMUP_REQUESTS = 300;
/** Limits no run reaches: the bench measures the limiter's cost, not its refusals. */
const UNREACHED_LIMIT = 1_000_000_000;
const KEYS = { web: 'bench-web-key', mobile: 'bench-mobile-key' };
/** A backend read (forwarded every time) and a public API read (cached after the first). */
const PASS_THROUGH_PATH = '/api/v3/env/build';
const CACHED_PATH = '/v1/gifs/trending?limit=25';
const UPSTREAM_BODY = JSON.stringify({
  data: Array.from({ length: 25 }, (_, i) => ({ id: `gif${i}`, title: `Bench GIF ${i}` })),
  meta: { status: 200 },
});

interface Measure {
  rps: number;
  p50: number;
  p99: number;
}

function listen(server: http.Server | ServerType): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** The upstream: a Hono app with a fixed JSON answer, served over HTTP and also usable in-process. */
function upstreamApp(): Hono {
  const app = new Hono();
  app.all('*', (c) => c.body(UPSTREAM_BODY, 200, { 'Content-Type': 'application/json' }));
  return app;
}

function get(agent: http.Agent, url: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
      res.resume().on('end', resolve).on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `requests` GETs over kept-alive connections, `concurrency` at a time; latency of each in ms. */
async function load(url: URL, requests: number, concurrency: number): Promise<{ latencies: number[]; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        await get(agent, url);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, seconds };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Latency one request at a time (p50, p99), then throughput with concurrent clients. */
async function measure(url: URL): Promise<Measure> {
  await load(url, WARMUP_REQUESTS, THROUGHPUT_CONCURRENCY);
  const sequential = (await load(url, LATENCY_REQUESTS, 1)).latencies.sort((a, b) => a - b);
  const concurrent = await load(url, THROUGHPUT_REQUESTS, THROUGHPUT_CONCURRENCY);
  return { rps: THROUGHPUT_REQUESTS / concurrent.seconds, p50: percentile(sequential, 50), p99: percentile(sequential, 99) };
}

/** The Worker as wrangler would bundle it. */
async function bundleWorker(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('../src/worker.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no worker bundle');
  return output.text;
}

/** The floor on workerd: a Worker that only forwards to the upstream. */
const BARE_PROXY_WORKER = `export default {
  fetch(request, env) {
    const { pathname, search } = new URL(request.url);
    return fetch(env.UPSTREAM_URL + pathname + search);
  },
};`;

async function startWorkerd(upstreamUrl: string): Promise<{ edge: URL; bare: URL; close(): Promise<void> }> {
  // Each Worker gets a socket of its own, so requests reach it without Miniflare's routing entry worker.
  const shared = { modules: true, compatibilityDate: '2025-09-01', unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }] };
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          ...shared,
          name: 'edge',
          script: await bundleWorker(),
          bindings: {
            ACCESS_LOG: 'off',
            UPSTREAM_URL: upstreamUrl,
            WEB_API_KEY: KEYS.web,
            MOBILE_API_KEY: KEYS.mobile,
            RATE_LIMIT_PER_KEY: String(UNREACHED_LIMIT),
            RATE_LIMIT_PER_ADDRESS: String(UNREACHED_LIMIT),
            RATE_LIMIT_MEDIA_PER_ADDRESS: String(UNREACHED_LIMIT),
          },
        },
        { ...shared, name: 'bare', script: BARE_PROXY_WORKER, bindings: { UPSTREAM_URL: upstreamUrl } },
      ],
    }),
  );
  await mf.ready;
  return { edge: await mf.unsafeGetDirectURL('edge'), bare: await mf.unsafeGetDirectURL('bare'), close: () => mf.dispose() };
}

async function serveNodeEdge(upstream: Upstream): Promise<{ url: string; server: ServerType }> {
  const app = createNodeEdge({
    upstreams: upstreamsFrom({}, upstream),
    keys: KEYS,
    rateLimitPerKey: UNREACHED_LIMIT,
    rateLimitPerAddress: UNREACHED_LIMIT,
    rateLimitMediaPerAddress: UNREACHED_LIMIT,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  return { url: await listen(server), server };
}

const ms = (value: number) => value.toFixed(3).padStart(7);

export async function benchEdge(): Promise<string[]> {
  const app = upstreamApp();
  const upstream = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  const upstreamUrl = await listen(upstream);
  const inProcess = await serveNodeEdge(bindingUpstream(app));
  const byUrl = await serveNodeEdge(upstreamsFrom({ UPSTREAM_URL: upstreamUrl }).backend);
  const workerd = await startWorkerd(upstreamUrl);
  try {
    const targets: [string, URL][] = [
      ['direct to the upstream', new URL(PASS_THROUGH_PATH, upstreamUrl)],
      ['node edge, in-process', new URL(PASS_THROUGH_PATH, inProcess.url)],
      ['node edge, cache hit', new URL(CACHED_PATH, inProcess.url)],
      ['node edge, by URL', new URL(PASS_THROUGH_PATH, byUrl.url)],
      ['workerd bare forward', new URL(PASS_THROUGH_PATH, workerd.bare)],
      ['workerd edge, by URL', new URL(PASS_THROUGH_PATH, workerd.edge)],
      ['workerd edge, cache hit', new URL(CACHED_PATH, workerd.edge)],
    ];
    const results = new Map<string, Measure>();
    for (const [name, url] of targets) results.set(name, await measure(url));

    const at = (name: string) => results.get(name) as Measure;
    const direct = at('direct to the upstream');
    const added = (name: string, base: Measure = direct) => {
      const delta = at(name).p50 - base.p50;
      return `${delta >= 0 ? '+' : ''}${delta.toFixed(3)} ms`;
    };
    const versus = (name: string) => `${added(name)} p50, ${(at(name).rps / direct.rps).toFixed(2)}x req/s`;
    return [
      `edge: ${Buffer.byteLength(UPSTREAM_BODY)} B JSON from a Hono upstream on 127.0.0.1; p50/p99 one request at a time (${LATENCY_REQUESTS}), req/s at concurrency ${THROUGHPUT_CONCURRENCY} (${THROUGHPUT_REQUESTS})`,
      `  ${'target'.padEnd(26)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
      ...targets.map(([name]) => `  ${name.padEnd(26)} ${at(name).rps.toFixed(0).padStart(8)} ${ms(at(name).p50)} ${ms(at(name).p99)}`),
      `  edge vs direct: node in-process (npm start) ${versus('node edge, in-process')}; node by URL ${versus('node edge, by URL')}; ` +
        `workerd ${versus('workerd edge, by URL')}, of which the edge's code ${added('workerd edge, by URL', at('workerd bare forward'))}; target < 1 ms added p50`,
    ];
  } finally {
    await workerd.close();
    for (const server of [inProcess.server, byUrl.server, upstream]) server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await benchEdge()).join('\n'));
}
