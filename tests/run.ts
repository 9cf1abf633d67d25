/**
 * `npm test`: every suite through vitest — the Node run, then the edge's specs inside workerd —
 * then the plain closing line CI reads, counting both: `N passed, N failed`.
 * PostgreSQL suites run when DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const runs = [
  { name: 'node', args: [] },
  // A file filter meant for the Node run selects no spec here: that is not a failure.
  { name: 'workerd', args: ['--config', 'edge/vitest.workers.config.ts', '--passWithNoTests'] },
];

fs.mkdirSync('.tmp', { recursive: true });
let passed = 0;
let failed = 0;
let ok = true;
for (const run of runs) {
  const report = `.tmp/vitest-report-${run.name}.json`;
  fs.rmSync(report, { force: true });
  const result = spawnSync('npx', ['vitest', 'run', ...run.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  let runFailed = 0;
  if (fs.existsSync(report)) {
    const summary = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number };
    passed += summary.numPassedTests;
    runFailed = summary.numFailedTests;
    // A file that failed outside any test (import error, failing hook) counts once.
    if (runFailed === 0) runFailed = summary.numFailedTestSuites;
  }
  if (result.status !== 0 && runFailed === 0) runFailed = 1; // the runner itself failed (crash): never report a clean run
  failed += runFailed;
  ok &&= result.status === 0 && runFailed === 0;
}
ok &&= passed > 0;
if (!ok && failed === 0) failed = 1; // no tests at all
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
