/**
 * A bench server over an existing PostgreSQL database (DATABASE_URL, PORT): `npm start`'s wiring
 * with the edge's limits lifted, no corpus of its own. Prints `ready <webKey>` once it listens; on
 * SIGTERM it stops as `npm start` does. Several of them on one database make the multi-process bench.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveHttp } from '../../apps/server/src/http/serve.ts';
import { createLogger } from '../../apps/server/src/logging/logger.ts';
import { createPlatform } from '../../apps/server/src/platform.ts';
import { openStore } from '../../apps/server/src/store/db.ts';

const store = await openStore({ databaseUrl: process.env.DATABASE_URL, readDatabaseUrl: process.env.DATABASE_READ_URL || undefined });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-attach-'));
const platform = await createPlatform({
  store,
  dataDir,
  mediaDir: dataDir,
  env: { ACCESS_LOG: 'off', RATE_LIMIT_PER_ADDRESS: '100000000', RATE_LIMIT_PER_KEY: '100000000' },
  logger: createLogger({ level: 'warn' }),
});
platform.start();
const server = serveHttp(platform.fetch, { port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => process.stdout.write(`ready ${platform.credentials.webKey}\n`));
process.on('SIGTERM', async () => {
  server.close();
  await platform.stop();
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
