/**
 * Where a Grid mount's time goes: `node --import tsx apps/widgets/bench/profile-grid.ts [ours|giphy]
 * [normal|throttled] [first|tiles]` mounts the contender as `npm run bench -- widgets` does, under
 * Chromium's sampling profiler, and prints the measured figure with the functions taking the most
 * self time (summed over RUNS mounts after a warm-up) and the share of non-JS work.
 */
import { BENCH_PROFILES } from '../../web/bench/measure.ts';
import { GRID_SCENARIOS, gridBenchSetup, gridContenders, mountOnce } from './widgets-bench.ts';

const RUNS = 5;
const TOP = 30;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [who = 'ours', profileName = 'normal', mode = 'tiles'] = process.argv.slice(2);
const contender = (await gridContenders())[who === 'giphy' ? 1 : 0]!;
const profile = BENCH_PROFILES.find((p) => p.name === profileName) ?? BENCH_PROFILES[0]!;
const scenario = GRID_SCENARIOS.find((s) => s.mode === mode)!;
const { server, browser, data } = await gridBenchSetup();
const selfMs = new Map<string, number>();
const figures: number[] = [];
try {
  for (let run = 0; run <= RUNS; run += 1) {
    const measured = await mountOnce(browser, { baseUrl: server.baseUrl, data, contender, scenario, profile }, async (page, measure) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await measure();
      const { profile: sampled } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      if (run === 0) return;
      const byId = new Map(sampled.nodes.map((node) => [node.id, node]));
      sampled.samples.forEach((id, i) => {
        const frame = byId.get(id)!.callFrame;
        const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
        selfMs.set(name, (selfMs.get(name) ?? 0) + (sampled.timeDeltas[i] ?? 0) / 1000);
      });
    });
    if (run > 0) figures.push(measured.ms);
  }
} finally {
  await browser.close();
  await server.close();
}
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
console.log(`${contender.name}, ${profile.name} profile, ${scenario.label}: ${figures.map((ms) => ms.toFixed(0)).join(', ')} ms`);
console.log(`self time over ${RUNS} runs (including the CLS window after each figure), ${total.toFixed(0)} ms sampled:`);
for (const [name, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
  console.log(`  ${(ms / RUNS).toFixed(1).padStart(7)} ms/run  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`);
}
