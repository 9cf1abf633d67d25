/**
 * A sample-corpus server as its own process (`npm start`'s wiring), for tests that kill it (kill -9)
 * and start it again on the same port and store. Env: PORT, and DATA_DIR (PGlite files) or
 * DATABASE_URL (and DATABASE_READ_URL); JOB_BATCH_SIZE and JOB_STEP_PAUSE_MS as npm start reads them;
 * CLOCK_OFFSET_MS moves its clock that far ahead (a test restarting it after a scheduled time).
 * STORIES_URL, SCHEDULER_URL and IMAGING_URL point its edge at services in other processes.
 * MEDIA_STORE (and its S3_*, AWS_* and MEDIA_PUBLIC_URL settings) as npm start reads it: `local`, the
 * process's own DATA_DIR/media; `s3`, the bucket. Unset, media are in the tests' shared folder. Either
 * way the sample corpus's rows name the shared folder's files (rendered once per run).
 * EDGE=off serves the services alone, as behind an edge elsewhere.
 * Prints `ready <webKey>` once it listens.
 */
import { loadConfig } from '../../apps/server/src/config.ts';
import { serveHttp } from '../../apps/server/src/http/serve.ts';
import { createLogger } from '../../apps/server/src/logging/logger.ts';
import { createMediaStore } from '../../apps/server/src/media-store/factory.ts';
import { createPlatform } from '../../apps/server/src/platform.ts';
import { offsetClock } from '../../apps/server/src/jobs/clock.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { openStore } from '../../apps/server/src/store/db.ts';
import { isSampleItem, TEST_MEDIA_DIR } from './corpus.ts';

/** Services the edge may reach in other processes (tests/multi-process/separate-services.test.ts). */
const EDGE_UPSTREAMS = new Set(['STORIES_URL', 'SCHEDULER_URL', 'IMAGING_URL']);
const port = Number(process.env.PORT);
const dataDir = process.env.DATA_DIR!;
const store = await openStore({
  databaseUrl: process.env.DATABASE_URL || undefined,
  readDatabaseUrl: process.env.DATABASE_READ_URL || undefined,
  dataDir,
});
await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() });
const media = process.env.MEDIA_STORE ? loadConfig() : undefined;
const platform = await createPlatform({
  store,
  dataDir,
  mediaDir: media?.mediaDir ?? TEST_MEDIA_DIR,
  ...(media ? { mediaStore: createMediaStore(media.mediaStore), mediaPublicUrl: media.mediaPublicUrl } : {}),
  web: true,
  ffmpegPath: process.env.FFMPEG_PATH || undefined,
  // Load tests send everything from 127.0.0.1: they may lift the edge's limits through the environment.
  env: {
    ACCESS_LOG: 'off',
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('RATE_LIMIT_') || EDGE_UPSTREAMS.has(name))),
  },
  // Tests that kill the process mid-job make jobs small and slow (JOB_BATCH_SIZE, JOB_STEP_PAUSE_MS, as npm start reads them).
  jobs: { batchSize: Number(process.env.JOB_BATCH_SIZE) || undefined, stepPauseMs: Number(process.env.JOB_STEP_PAUSE_MS) || undefined },
  ...(process.env.CLOCK_OFFSET_MS ? { clock: offsetClock(Number(process.env.CLOCK_OFFSET_MS)) } : {}),
  logger: createLogger(),
});
await platform.start();
const server = serveHttp(process.env.EDGE === 'off' ? platform.services : platform.fetch, { port, hostname: '127.0.0.1' }, () => {
  platform.listening(`http://127.0.0.1:${port}`);
  process.stdout.write(`ready ${platform.credentials.webKey}\n`);
});
// Stopped with SIGTERM it ends as `npm start` does: the search log flushed, the store closed.
process.on('SIGTERM', async () => {
  server.close();
  await platform.stop();
  await store.close();
  process.exit(0);
});
