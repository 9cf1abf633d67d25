import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ms, runLoad } from './load.ts';
import { openStore } from '../../apps/server/src/store/db.ts';
import { buildSyntheticCorpus } from './synthetic-corpus.ts';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
export const MEMORY_LIMIT_MB = 1536;
const SEED_LIMIT_S = 120;

export interface Started {
  child: ChildProcess;
  origin: string;
  seconds: number;
  /** Its last log lines, to say why it stopped answering. */
  recent: string[];
}

/**
 * Runs the server as `npm start` does, on a free port, and waits until it listens. Unless `env` says
 * otherwise: PGlite, and the edge's per-address and per-key limits lifted (one client address sends
 * every request, so load is load, not 429s).
 */
export async function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      DATABASE_URL: '',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      RATE_LIMIT_PER_KEY: '1000000',
      ACCESS_LOG: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let origin = '';
  const recent: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stderr! });
    lines.on('line', (line) => {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      // The server's log lines are JSON (anything else on stderr, such as a Node warning, is not its log).
      const url = line.startsWith('{') ? (JSON.parse(line) as { url?: string; msg: string }) : undefined;
      if (url?.msg.includes('listening on') && url.url) {
        origin = url.url;
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, origin, seconds: (performance.now() - began) / 1000, recent };
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** First start (seeding the demo corpus), resident memory under mixed load, and a second start. */
export async function benchStart(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-start-'));
  try {
    const first = await start(dataDir);
    const { child, origin } = first;
    // No api_key: the edge adds the site's web key, as it does for the site's anonymous visitors.
    const api = (p: string) => `${origin}${p}`;
    const sample = (await (await fetch(api('/v1/gifs/trending?limit=50'))).json()) as {
      data: { id: string; images: Record<string, { url?: string; mp4?: string }> }[];
    };
    const media = sample.data
      .flatMap((g) => [g.images.fixed_width?.url, g.images.original?.url, g.images.original?.mp4])
      .filter((u): u is string => Boolean(u));
    const words = ['pizza', 'cat', 'happy', 'wow', 'party', 'coffee', 'goal', 'love', 'dance', 'birthday'];
    const urls = (i: number) => {
      switch (i % 5) {
        case 0:
          return api(`/v1/gifs/search?q=${words[i % words.length]}`);
        case 1:
          return api(`/v1/gifs/trending?offset=${i % 40}`);
        case 2:
          return api(`/v1/gifs/${sample.data[i % sample.data.length]!.id}`);
        case 3:
          return api(`/v1/stickers/search?q=${words[(i * 3) % words.length]}`);
        default:
          return media[i % media.length]!;
      }
    };
    let peak = residentMb(child.pid!);
    const timer = setInterval(() => (peak = Math.max(peak, residentMb(child.pid!))), 50);
    const load = await runLoad(urls, { requests: 4000, concurrency: 16 });
    clearInterval(timer);
    peak = Math.max(peak, residentMb(child.pid!));
    await stop(child);

    const second = await start(dataDir);
    await stop(second.child);
    return [
      'npm start with the seeded demo corpus (PGlite):',
      `  first start, seeding included   ${first.seconds.toFixed(1).padStart(7)} s   (target under ${SEED_LIMIT_S} s: ${first.seconds < SEED_LIMIT_S ? 'met' : 'MISSED'})`,
      `  later start                     ${second.seconds.toFixed(1).padStart(7)} s`,
      `  mixed load (API and media)      ${load.requests} requests, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}, ${load.perSecond.toFixed(0)} req/s, ${load.errors} errors`,
      `  peak resident memory            ${peak.toFixed(0).padStart(7)} MB  (limit ${MEMORY_LIMIT_MB} MB: ${peak < MEMORY_LIMIT_MB ? 'met' : 'MISSED'})`,
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const LARGE_CORPUS = 100_000;

/**
 * `npm start` (PGlite, its data directory holding LARGE_CORPUS synthetic GIFs) under search,
 * trending and lookups by id across the library: its peak resident memory against the limit.
 */
export async function benchLargeLibraryMemory(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-large-'));
  try {
    const store = await openStore({ dataDir });
    const words = await buildSyntheticCorpus(store.db, LARGE_CORPUS);
    await store.close();
    const { child, origin, seconds, recent } = await start(dataDir, { SEED: 'none' });
    const id = (i: number) => `synth${((i * 7919) % LARGE_CORPUS).toString(36).padStart(8, '0')}`;
    const urls = (i: number, pass: string) => {
      switch (i % 4) {
        case 0:
          return `${origin}/v1/gifs/search?q=${words[(i * 31) % 1000]}&random_id=${pass}${i}`;
        case 1:
          return `${origin}/v1/gifs/trending?offset=${(i % 200) * 25}&random_id=${pass}${i}`;
        case 2:
          return `${origin}/v1/gifs?ids=${Array.from({ length: 25 }, (_, k) => id(i * 25 + k)).join(',')}`;
        default:
          return `${origin}/v1/stickers/search?q=${words[(i * 7) % 1000]}%20${words[i % 50]}&random_id=${pass}${i}`;
      }
    };
    let peak = residentMb(child.pid!);
    const timer = setInterval(() => (peak = Math.max(peak, residentMb(child.pid!))), 50);
    const load = await runLoad(urls, { requests: 8000, concurrency: 16, warmup: 0 });
    if (load.failure)
      console.error(
        `unanswered: ${load.failure}; server ${child.exitCode ?? child.signalCode ?? 'running'}; its last log lines:\n${recent.join('\n')}`,
      );
    clearInterval(timer);
    peak = Math.max(peak, residentMb(child.pid!));
    await stop(child);
    return [
      `npm start over ${LARGE_CORPUS.toLocaleString('en')} GIFs (PGlite, started in ${seconds.toFixed(1)} s):`,
      `  search, trending, lookups    ${load.requests} requests, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}, ${load.perSecond.toFixed(0)} req/s, ${load.errors} errors`,
      `  peak resident memory         ${peak.toFixed(0).padStart(7)} MB  (limit ${MEMORY_LIMIT_MB} MB: ${peak < MEMORY_LIMIT_MB ? 'met' : 'MISSED'})`,
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
