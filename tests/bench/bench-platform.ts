import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../apps/server/src/logging/logger.ts';
import { createPlatform, type Platform } from '../../apps/server/src/platform.ts';
import type { Store } from '../../apps/server/src/store/db.ts';

/**
 * `npm start`'s wiring (createPlatform: the edge in front of the server app, analytics running) on
 * `store`, started, with a fresh data directory, the access log off and the edge's limits lifted: one
 * client address sends every request, so load is load, not 429s.
 */
export async function startBenchPlatform(store: Store): Promise<{ platform: Platform; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-bench-'));
  const platform = await createPlatform({
    store,
    dataDir,
    mediaDir: dataDir,
    env: { ACCESS_LOG: 'off', RATE_LIMIT_PER_ADDRESS: '100000000', RATE_LIMIT_PER_KEY: '100000000' },
    logger: createLogger({ level: 'warn' }),
  });
  await platform.start();
  return { platform, dataDir };
}
