/**
 * `npm run start:imaging`: the imaging service alone, on IMAGING_PORT (default 3003), for an edge
 * elsewhere that reaches it by IMAGING_URL. It shares the main server's store (DATABASE_URL) for
 * callers' tokens and sessions, and its DATA_DIR's media folder for `/media/…` URLs. Without
 * DATABASE_URL it opens (and locks) the embedded store in DATA_DIR, which then must not be the main server's.
 */
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { serveHttp } from '../http/serve.ts';
import { createLogger, lineLogger } from '../logging/logger.ts';
import { openStore } from '../store/db.ts';
import { lockDataDir } from '../store/lock.ts';
import { createImagingApp } from './app.ts';
import { imagingSettingsFrom } from './settings.ts';

const IMAGING_PORT_DEFAULT = 3003;
const port = z.coerce.number().int().min(0).max(65535).default(IMAGING_PORT_DEFAULT).parse(process.env.IMAGING_PORT || undefined);
const config = loadConfig();
const logger = createLogger({ level: config.logLevel });
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = createImagingApp({
  db: store.db,
  mediaDir: config.mediaDir,
  workDir: path.join(config.dataDir, 'imaging'),
  publicUrl: config.publicUrl,
  settings: imagingSettingsFrom(process.env),
  log: lineLogger(logger),
});
const server = serveHttp(app.fetch, { port, hostname: config.host }, (info) => {
  logger.info({ url: `http://${config.host}:${info.port}` }, `Loopbox imaging: listening on http://${config.host}:${info.port}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'Loopbox imaging: shutting down');
  server.close();
  await store.close();
  unlock();
  logger.flush();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
