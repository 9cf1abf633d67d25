import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createProjectionRunner } from '../../apps/server/src/analytics/runner.ts';
import { openStore } from '../../apps/server/src/store/db.ts';
import { append, pingback, search, seedOwners, snapshot } from './fixtures.ts';

const run = promisify(execFile);

describe('npm run replay (pglite data directory)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-replay-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('drops the projections and rebuilds the same tables from the log', async () => {
    let store = await openStore({ dataDir });
    const { gifs } = await seedOwners(store.db);
    const now = new Date('2026-04-01T12:00:00Z');
    await append(store.db, [
      pingback('seen', gifs[0], now),
      pingback('click', gifs[1], now),
      search('otters', 'r1', now),
      pingback('seen', gifs[1], now, { responseId: 'r1' }),
    ]);
    await createProjectionRunner(store.db).catchUp();
    const before = await snapshot(store.db);
    // Tamper with a projection: replay must not keep anything it did not fold from the log.
    await store.db
      .withTables<{ gif_counts: { gif_id: string; views: number } }>()
      .insertInto('gif_counts')
      .values({ gif_id: 'strayrow1', views: 9 })
      .execute();
    await store.close();

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/replay.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(stdout).toContain('counts: 3 events');
    expect(stdout).toContain('searches: 3 events');

    store = await openStore({ dataDir });
    try {
      expect(await snapshot(store.db)).toEqual(before);
    } finally {
      await store.close();
    }
    // Three PGlite opens and a tsx child process: seconds when idle, far more on two busy shared cores.
  }, 120_000);
});
