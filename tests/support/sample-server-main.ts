/**
 * A sample-corpus server as its own process, for tests that kill it (kill -9) and start it again on
 * the same port and store. Env: PORT, and DATA_DIR (PGlite files) or DATABASE_URL. Prints
 * `ready <webKey>` once it listens.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../../apps/server/src/app.ts';
import { ensureCredentials } from '../../apps/server/src/content/bootstrap.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { openStore } from '../../apps/server/src/store/db.ts';
import { ownPageConfig, WEB_DIST_DIR } from '../../apps/server/src/web/assets.ts';
import { isSampleItem, TEST_MEDIA_DIR } from './corpus.ts';

const port = Number(process.env.PORT);
const dataDir = process.env.DATA_DIR!;
const store = await openStore({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() });
const credentials = await ensureCredentials(store.db, { dataDir });
const app = createApp({
  db: store.db,
  mediaDir: TEST_MEDIA_DIR,
  web: { distDir: WEB_DIST_DIR, config: () => ownPageConfig(credentials.webKey) },
});
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.stdout.write(`ready ${credentials.webKey}\n`));
