/**
 * `node --import tsx tests/bench/cpu-share.ts [pglite|postgres] [count]`: warm searches against one
 * bench server (as `npm run bench -- api` serves them), and the CPU each party spent per request,
 * read from /proc: the server process, PostgreSQL (every process of the postgres user) and this
 * load generator. All three share the machine's cores, so this says which one bounds throughput.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { startBenchServer } from './api-bench.ts';
import { runLoad } from './load.ts';

const [kind = 'postgres', count = '100000'] = process.argv.slice(2);
const TICKS_PER_MS = Number(execSync('getconf CLK_TCK').toString()) / 1000;
const RUNS = 3;
const REQUESTS = 2000;

/** CPU time (user + system) of a process so far, in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return 0;
  }
}
const postgresMs = () =>
  execSync('pgrep -u postgres || true')
    .toString()
    .split('\n')
    .filter(Boolean)
    .reduce((sum, pid) => sum + cpuMs(Number(pid)), 0);
const ownMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const { ready, pid, stop } = await startBenchServer(kind === 'pglite' ? 'pglite' : 'postgres', Number(count));
try {
  const base = `http://127.0.0.1:${ready.port}`;
  const hot = ready.words.slice(0, 200);
  const search = (i: number, pass: string) =>
    `${base}/v1/gifs/search?q=${hot[(i * 7919) % hot.length]}&api_key=${ready.key}&random_id=${pass}${i}`;
  await runLoad(search, { requests: REQUESTS, concurrency: 8, warmup: REQUESTS });
  for (let run = 0; run < RUNS; run++) {
    const before = [cpuMs(pid), postgresMs(), ownMs()];
    const result = await runLoad((i, pass) => search(i + (run + 1) * REQUESTS, pass), { requests: REQUESTS, concurrency: 8, warmup: 0 });
    const [server, postgres, generator] = [cpuMs(pid), postgresMs(), ownMs()].map((after, i) =>
      ((after - before[i]!) / result.requests).toFixed(3),
    );
    console.log(
      `search on ${kind}: ${result.perSecond.toFixed(0)}/s, p50 ${result.p50.toFixed(2)} ms; CPU per request: server ${server} ms, PostgreSQL ${postgres} ms, load generator ${generator} ms`,
    );
  }
} finally {
  await stop();
}
