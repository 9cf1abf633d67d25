/**
 * `node --import tsx tests/bench/profile.ts [pglite|postgres] [search|new|trending] [count]`: one bench
 * server (npm start's wiring over the synthetic corpus) under --cpu-prof, loaded with one kind of
 * request (`new`: terms never searched, with no warm-up), then the functions that took the most self
 * time while it was loaded.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runLoad } from './load.ts';

const SERVER = fileURLToPath(new URL('./api-server.ts', import.meta.url));
const [kind = 'pglite', what = 'search', count = '100000'] = process.argv.slice(2);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-prof-'));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--import', 'tsx', SERVER, kind, count], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
});
const ready = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))) as {
  port: number;
  key: string;
  words: string[];
};
const base = `http://127.0.0.1:${ready.port}`;
const hot = ready.words.slice(0, 200);
const cold = ready.words.slice(200);
const query = (i: number) => {
  if (what === 'search') return `/v1/gifs/search?q=${hot[(i * 7919) % hot.length]}`;
  if (what === 'new') return `/v1/gifs/search?q=${cold[i % cold.length]}`;
  return `/v1/gifs/trending?offset=${(i % 20) * 25}`;
};
const url = (i: number, pass: string) => `${base}${query(i)}&api_key=${ready.key}&random_id=${pass}${i}`;
// The warm-up pass (same calls) is left out of the profile's window: what is measured is a server that has served them before.
let loadStart = 0;
const result = await runLoad(
  (i, pass) => {
    if (pass === 'run' && !loadStart) loadStart = Date.now();
    return url(i, pass);
  },
  what === 'new'
    ? { requests: cold.length, concurrency: 8, warmup: 0 }
    : { requests: 1000, concurrency: 8, warmup: Number(process.env.PROFILE_WARMUP ?? 1000) },
);
const loadMs = Date.now() - loadStart;
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
// Only the samples of the loaded window: the last loadMs of the profile (the corpus build comes before it).
const times: number[] = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) {
  t += d;
  times.push(t);
}
const end = times[times.length - 1]!;
const from = end - loadMs * 1000;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|wt-scale)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
profile.samples.forEach((id, i) => {
  if (times[i]! < from) return;
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  total += dt;
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
  }
});
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${((v / total) * 100).toFixed(1).padStart(5)}%  ${v.toFixed(0).padStart(6)} ms  ${k}`);
console.log(
  `${what} on ${kind}, ${count} GIFs: ${result.requests} requests, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.perSecond.toFixed(0)} req/s; ${total.toFixed(0)} ms of samples in ${loadMs} ms`,
);
console.log('self time:');
console.log(top(self, 25).join('\n'));
console.log('inclusive time:');
console.log(top(inclusive, 45).join('\n'));
console.log(`profile: ${path.join(dir, file)}`);
