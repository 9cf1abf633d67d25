/**
 * `npm run bench -- abuse`: `npm start` (the demo corpus, on PGlite and, with DATABASE_URL, on
 * PostgreSQL) under ABUSE_MINUTES (default 10) of mixed normal and hostile traffic: reads and media,
 * valid pingbacks (some re-sent), forged pingbacks, hostile parameters and bodies, parallel text
 * renders of new texts, made-up API keys. Reports 5xx answers, pingbacks acknowledged against counted
 * in the log, forged events counted (must be 0), peak resident memory and the render cache on disk.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../../apps/server/src/store/db.ts';
import { scratchDatabase } from '../support/stores.ts';
import { MEMORY_LIMIT_MB, residentMb, start, stop } from './start-bench.ts';

const MINUTES = Number(process.env.ABUSE_MINUTES ?? 10);
const CLIENTS = 12;
const WORDS = ['pizza', 'cat', 'happy', 'wow', 'party', 'coffee', 'goal', 'love', 'dance', 'heart', 'hello', 'hi'];
const HOSTILE_PARAMS = [
  'a%00b',
  'a%07%1B%5B2J%0D%0Aforged',
  'x%ED%A0%80y',
  'x'.repeat(20_000),
  '-1',
  '99999999999999999999',
  '%E0%A4%A',
  'undefined',
];
const HOSTILE_ROUTES = [
  '/v1/gifs/search?q=',
  '/v1/gifs/trending?limit=',
  '/v1/gifs/',
  '/v1/gifs?ids=',
  '/v1/gifs/related?gif_id=',
  '/v1/emoji?offset=',
  '/oembed?url=',
  '/api/v1/analytics/series/?days=',
  '/media/',
];
const BAD_BODIES = [
  '{"events": [',
  'null',
  '[]',
  '{"events":"x"}',
  '['.repeat(50_000),
  JSON.stringify({ events: [{ pad: 'x'.repeat(1_100_000) }] }),
];

interface Tally {
  requests: number;
  statuses: Map<number, number>;
  serverErrors: Map<string, number>;
  acknowledged: number;
  forgedSent: number;
  renders: Map<number, number>;
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const duBytes = (dir: string) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);

/** Traffic against one running server until `until`; every answer tallied. */
async function drive(origin: string, run: string, until: number, tally: Tally) {
  const gifs: { id: string; payload: string }[] = [];
  const media: string[] = [];
  const sentBatches: string[] = [];

  async function send(route: string, url: string, init?: RequestInit): Promise<Response | undefined> {
    tally.requests++;
    try {
      const res = await fetch(url, init);
      bump(tally.statuses, res.status);
      if (res.status >= 500) bump(tally.serverErrors, route);
      return res;
    } catch (err) {
      const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
      bump(tally.statuses, 0);
      bump(tally.serverErrors, `${route} (connection failed: ${cause?.code ?? cause?.message ?? (err as Error).message})`);
      return undefined;
    }
  }
  async function read(url: string) {
    const res = await send('read', url);
    const body = res?.headers.get('content-type')?.includes('json') ? ((await res.json()) as { data?: unknown }) : await res?.arrayBuffer();
    if (body && typeof body === 'object' && 'data' in body && Array.isArray(body.data)) {
      for (const gif of body.data as { id: string; analytics_response_payload: string; images?: Record<string, { url?: string }> }[]) {
        if (gifs.length < 500) gifs.push({ id: gif.id, payload: gif.analytics_response_payload });
        const file = gif.images?.fixed_width?.url;
        if (file && media.length < 200) media.push(file);
      }
    }
  }
  const event = (payload: string, kind: 'valid' | 'forged') => ({
    event_id: randomUUID(),
    action_type: pick(['SEEN', 'SEEN', 'SEEN', 'CLICK', 'HOVER']),
    analytics_response_payload: payload,
    user_id: randomBytes(8).toString('hex'),
    ts: Date.now(),
    attributes: { layout_type: 'GRID', abuse_run: run, abuse_kind: kind },
  });
  async function postPingbacks(body: string, route: string) {
    const res = await send(route, `${origin}/v2/pingback?apikey=l0HlIwPWyBBUDAUgM`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    if (res?.status === 200) tally.acknowledged += ((await res.json()) as { data: { accepted: number } }).data.accepted;
    else await res?.arrayBuffer();
  }
  const forgedPayload = (gif: { id: string }) =>
    pick([
      `e=${Buffer.from(`gif_id=${gif.id}&event_type=GIF_SEARCH&cid=${randomBytes(8).toString('hex')}`).toString('base64')}`,
      `e=${Buffer.from(
        Buffer.from(pick(gifs).payload.slice(2), 'base64')
          .toString('utf8')
          .replace(/gif_id=[^&]+/, `gif_id=${gif.id}x`),
      ).toString('base64')}`,
    ]);

  await read(`${origin}/v1/gifs/trending?limit=50`);
  const scenarios: [number, () => Promise<void>][] = [
    [30, () => read(`${origin}/v1/gifs/search?q=${pick(WORDS)}&offset=${Math.floor(Math.random() * 3) * 25}`)],
    [10, () => read(`${origin}/v1/${pick(['gifs', 'stickers'])}/trending?offset=${Math.floor(Math.random() * 4) * 25}`)],
    [8, async () => void (await (await send('media', pick(media)))?.arrayBuffer())],
    [
      16,
      async () => {
        const events = Array.from({ length: 10 }, () => event(pick(gifs).payload, 'valid'));
        // Hostile neighbours in the same batch: text the store cannot hold, and a forged payload.
        events.push({ ...event(pick(gifs).payload, 'valid'), user_id: 'nul\u0000here' }, event(forgedPayload(pick(gifs)), 'forged'));
        tally.forgedSent += 1;
        const body = JSON.stringify({ events });
        sentBatches.push(body);
        if (sentBatches.length > 50) sentBatches.shift();
        await postPingbacks(body, 'pingback');
      },
    ],
    [4, () => postPingbacks(pick(sentBatches.length ? sentBatches : ['{"events":[]}']), 'pingback (re-sent)')],
    [
      6,
      async () => {
        const events = Array.from({ length: 20 }, () => event(forgedPayload(pick(gifs)), 'forged'));
        tally.forgedSent += events.length;
        await postPingbacks(JSON.stringify({ events }), 'pingback (forged)');
      },
    ],
    [
      10,
      async () => void (await (await send('hostile parameter', `${origin}${pick(HOSTILE_ROUTES)}${pick(HOSTILE_PARAMS)}`))?.arrayBuffer()),
    ],
    [
      4,
      async () =>
        void (await (
          await send('bad body', `${origin}/v2/${pick(['pingback', 'analytics'])}?apikey=l0HlIwPWyBBUDAUgM`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: pick(BAD_BODIES),
          })
        )?.arrayBuffer()),
    ],
    [
      4,
      async () => {
        const res = await send(
          'text render',
          `${origin}/v1/text/animate?m=${encodeURIComponent(`abuse ${randomBytes(4).toString('hex')}`)}`,
        );
        if (res) bump(tally.renders, res.status);
        await res?.arrayBuffer();
      },
    ],
    [
      4,
      async () =>
        void (await (await send('made-up key', `${origin}/v1/gifs/trending?api_key=${randomBytes(12).toString('hex')}`))?.arrayBuffer()),
    ],
  ];
  const total = scenarios.reduce((n, [weight]) => n + weight, 0);
  const next = () => {
    let at = Math.random() * total;
    for (const [weight, scenario] of scenarios) {
      at -= weight;
      if (at < 0) return scenario;
    }
    return scenarios[0]![1];
  };
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) await next()();
    }),
  );
}

async function abuseOn(kind: 'pglite' | 'postgres', mediaFrom?: string): Promise<{ lines: string[]; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `loopbox-abuse-${kind}-`));
  // Media the first run rendered: seeding finds each item's files and renders nothing again.
  if (mediaFrom) fs.cpSync(mediaFrom, path.join(dataDir, 'media'), { recursive: true });
  const scratch = kind === 'postgres' ? await scratchDatabase() : undefined;
  const run = randomBytes(4).toString('hex');
  const tally: Tally = { requests: 0, statuses: new Map(), serverErrors: new Map(), acknowledged: 0, forgedSent: 0, renders: new Map() };
  const { child, origin } = await start(dataDir, { DATABASE_URL: scratch?.url ?? '' });
  const mediaBefore = duBytes(path.join(dataDir, 'media'));
  let peak = residentMb(child.pid!);
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(child.pid!))), 250);
  try {
    await drive(origin, run, Date.now() + MINUTES * 60_000, tally);
  } finally {
    clearInterval(sampler);
    await stop(child);
  }
  const renderBytes = duBytes(path.join(dataDir, 'media')) - mediaBefore;
  const store = await openStore({ databaseUrl: scratch?.url, dataDir });
  const counted = async (abuseKind: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM events WHERE type LIKE 'pingback.%' AND payload->'attributes'->>'abuse_run' = ${run} AND payload->'attributes'->>'abuse_kind' = ${abuseKind}`.execute(
          store.db,
        )
      ).rows[0]!.n,
    );
  const [valid, forged] = [await counted('valid'), await counted('forged')];
  const rejects = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM collector_rejects`.execute(store.db)).rows[0]!.n);
  await store.close();
  await scratch?.drop();
  const statuses = [...tally.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || 'failed'} ${n}`)
    .join(', ');
  const errors = [...tally.serverErrors].map(([route, n]) => `${route} ${n}`).join(', ') || 'none';
  const renders = [...tally.renders]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  const lines = [
    `Abuse run on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${MINUTES} min, ${CLIENTS} clients, ${tally.requests} requests (${(tally.requests / (MINUTES * 60)).toFixed(0)}/s)`,
    `  answers by status             ${statuses}`,
    `  5xx answers                   ${[...tally.serverErrors.values()].reduce((a, b) => a + b, 0)} (${errors})`,
    `  pingbacks acknowledged        ${tally.acknowledged}, counted in the log ${valid} (${valid >= tally.acknowledged ? 'none lost' : `${tally.acknowledged - valid} LOST`})`,
    `  forged pingbacks              ${tally.forgedSent} sent, ${forged} counted (must be 0: ${forged === 0 ? 'met' : 'MISSED'}); dead letters kept ${rejects}`,
    `  new text renders              ${renders || 'none'}; render cache on disk ${(renderBytes / 1024 / 1024).toFixed(1)} MB (bound 256 MB)`,
    `  peak resident memory          ${peak.toFixed(0)} MB (limit ${MEMORY_LIMIT_MB} MB: ${peak < MEMORY_LIMIT_MB ? 'met' : 'MISSED'})`,
  ];
  return { lines, dataDir };
}

export async function benchAbuse(): Promise<string[]> {
  const runs = [await abuseOn('pglite')];
  try {
    if (process.env.DATABASE_URL) runs.push(await abuseOn('postgres', path.join(runs[0]!.dataDir, 'media')));
    return [...runs.flatMap((r) => r.lines), ...(process.env.DATABASE_URL ? [] : ['(PostgreSQL skipped: DATABASE_URL is not set)'])];
  } finally {
    for (const r of runs) fs.rmSync(r.dataDir, { recursive: true, force: true });
  }
}
