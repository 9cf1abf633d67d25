/**
 * `npm test`: every suite through vitest, then the plain closing line CI reads: `N passed, N failed`.
 * PostgreSQL suites run when DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const report = '.tmp/vitest-report.json';
fs.mkdirSync('.tmp', { recursive: true });
fs.rmSync(report, { force: true });
const result = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const summary = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number };
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + summary.numFailedTestSuites;
}
const ok = result.status === 0 && failed === 0 && passed > 0;
if (!ok && failed === 0) failed = 1; // the runner itself failed (crash, no tests): never report a clean run
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
