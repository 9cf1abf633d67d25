/**
 * `node --import tsx tests/bench/profile-page.ts [path]`: a site page's time through `npm start`'s
 * wiring (the edge, the server and its first screen, the seeded demo corpus on PGlite) in this
 * process, asked as a browser asks (gzip), 300 times one at a time after 30 warm-ups: the median and
 * p90 from the request to the last byte. The home page (`/`) by default.
 */
import { startTestServer } from '../support/server.ts';
import { BENCH_RUN_ENV } from '../support/test-run-env.ts';

const WARM_UPS = 30;
const REQUESTS = 300;
const path = process.argv[2] ?? '/';
const server = await startTestServer('pglite', { web: true, env: BENCH_RUN_ENV });
try {
  const times: number[] = [];
  for (let i = 0; i < WARM_UPS + REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } });
    await response.arrayBuffer();
    if (i >= WARM_UPS) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1);
  console.log(`${path}: median ${at(0.5)} ms, p90 ${at(0.9)} ms (${REQUESTS} requests one at a time, gzip)`);
} finally {
  await server.close();
}
