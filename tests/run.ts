/**
 * `npm test`: the type check of every runtime, the linter and formatter, every suite through vitest (the Node run, then the
 * edge's specs inside workerd), a line saying how many tests ran on each store, then the plain
 * closing line CI reads: `N passed, N failed` (each check counts as one).
 * PostgreSQL suites run when DATABASE_URL is set; with LOOPBOX_REQUIRE_POSTGRES=1 (CI) a missing or
 * unreachable database is a failure, never a silent skip.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { lint } from './lint.ts';
import { TYPECHECK_CONFIGS, typecheck } from './typecheck.ts';

const runs = [
  { name: 'node', args: [] },
  // A file filter meant for the Node run selects no spec here: that is not a failure.
  { name: 'workerd', args: ['--config', 'edge/vitest.workers.config.ts', '--passWithNoTests'] },
];
const STORES = ['pglite', 'postgres'] as const;

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

let passed = 0;
let failed = 0;
let ok = true;
const perStore: Record<(typeof STORES)[number], number> = { pglite: 0, postgres: 0 };
const filtered = process.argv.length > 2;

async function postgresProblem(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return 'LOOPBOX_REQUIRE_POSTGRES is set but DATABASE_URL is not';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at DATABASE_URL is unreachable: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

if (process.env.LOOPBOX_REQUIRE_POSTGRES === '1') {
  const problem = await postgresProblem();
  if (problem) {
    console.error(`npm test: ${problem}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

/** The checks before the suites, each counted as one test: a type check per runtime, then lint and format. */
const checks = [
  ...TYPECHECK_CONFIGS.map(({ config, runtime }) => ({ name: `typecheck: ${runtime} (${config})`, run: () => typecheck(config) })),
  { name: 'lint and format: Biome (biome.json)', run: lint },
];
if (!filtered) {
  for (const check of checks) {
    const passes = check.run();
    if (passes) passed += 1;
    else failed += 1;
    ok &&= passes;
    console.log(`${passes ? 'passed' : 'FAILED'} ${check.name}`);
  }
}

fs.mkdirSync('.tmp', { recursive: true });
for (const run of runs) {
  const reportFile = `.tmp/vitest-report-${run.name}.json`;
  fs.rmSync(reportFile, { force: true });
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...run.args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  let runFailed = 0;
  if (fs.existsSync(reportFile)) {
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
    passed += report.numPassedTests;
    runFailed = report.numFailedTests;
    // A file that failed outside any test (import error, failing hook) counts once.
    if (runFailed === 0) runFailed = report.numFailedTestSuites;
    for (const file of report.testResults) {
      for (const test of file.assertionResults) {
        const store = STORES.find((name) => test.fullName.includes(`(${name})`));
        if (store && test.status !== 'skipped' && test.status !== 'pending') perStore[store] += 1;
      }
    }
  }
  if (result.status !== 0 && runFailed === 0) runFailed = 1; // the runner itself failed (crash): never report a clean run
  failed += runFailed;
  ok &&= result.status === 0 && runFailed === 0;
}
ok &&= passed > 0;
if (process.env.LOOPBOX_REQUIRE_POSTGRES === '1' && !filtered && perStore.postgres === 0) {
  console.log('stores: no test ran on PostgreSQL although LOOPBOX_REQUIRE_POSTGRES is set');
  failed += 1;
  ok = false;
}
if (!ok && failed === 0) failed = 1; // no tests at all
console.log(
  `stores: ${perStore.pglite} tests ran on PGlite, ${perStore.postgres} on PostgreSQL${process.env.DATABASE_URL ? '' : ' (DATABASE_URL not set)'}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
