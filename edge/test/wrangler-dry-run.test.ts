import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * wrangler.toml builds: `wrangler deploy --dry-run` bundles the Worker and lists its bindings, the R2
 * bucket and the Queue among them. Its CLI runs on this test's Node (what `npx wrangler`
 * starts). Nothing leaves the machine: no banner (its update check), no metrics or
 * error reports, and npm's registry pointed at a closed local port in case a warning asks for updates.
 */
it('wrangler deploy --dry-run builds the Worker with its R2 and Queue bindings', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-wrangler-'));
  try {
    const run = spawnSync(process.execPath, ['node_modules/wrangler/wrangler-dist/cli.js', 'deploy', '--dry-run', '--outdir', outdir], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        WRANGLER_HIDE_BANNER: 'true',
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_SEND_ERROR_REPORTS: 'false',
        npm_config_registry: 'http://127.0.0.1:9/',
        CI: 'true',
      },
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/env\.MEDIA_BUCKET \(loopbox-media\)\s+R2 Bucket/);
    expect(run.stdout).toMatch(/env\.PINGBACK_QUEUE \(loopbox-pingbacks\)\s+Queue/);
    expect(fs.statSync(path.join(outdir, 'worker.js')).size).toBeGreaterThan(0);
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}, 150_000);
