import { serve } from '@hono/node-server';
import { singleProcessEdge } from '@loopbox/edge';
import { createApp } from './app.ts';
import { createAnalytics } from './analytics/index.ts';
import { PROJECTION_VACUUM_INTERVAL_MS } from './analytics/constants.ts';
import { loadConfig } from './config.ts';
import { ensureCredentials } from './content/bootstrap.ts';
import { seedDemo } from './seed/seed.ts';
import { openStore } from './store/db.ts';
import { lockDataDir } from './store/lock.ts';
import { createMailSender } from './mail/sender.ts';
import { ownPageConfig, WEB_DIST_DIR } from './web/assets.ts';

const config = loadConfig();
const unlock = lockDataDir(config.dataDir);
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const log = (line: string) => process.stderr.write(`${line}\n`);
log(`Loopbox: store ${store.kind}${store.kind === 'pglite' ? ` in ${config.dataDir}` : ''}`);

if (config.seed === 'demo') {
  const started = Date.now();
  const result = await seedDemo(store.db, { mediaDir: config.mediaDir, onProgress: progressPrinter() });
  if (!result.skipped) log(`Loopbox: demo corpus ready (${result.created} new items, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
const credentials = await ensureCredentials(store.db, {
  dataDir: config.dataDir,
  webKey: config.webKey,
  mobileKey: config.mobileKey,
  adminToken: config.adminToken,
});

const analytics = createAnalytics(store.db, { log, ...(store.kind === 'pglite' ? { vacuumEveryMs: PROJECTION_VACUUM_INTERVAL_MS } : {}) });
analytics.start();
const mail = config.smtpUrl ? createMailSender(store.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log }) : undefined;
mail?.start();
const app = createApp({
  analytics,
  db: store.db,
  mediaDir: config.mediaDir,
  publicUrl: config.publicUrl,
  web: { distDir: WEB_DIST_DIR, config: () => ownPageConfig(credentials.webKey) },
  log,
  // Fold new events right after they commit rather than at the next tick; concurrent wakes share one catch-up.
  onLogCommitted: () => void analytics.catchUp().catch((err: Error) => log(`analytics: catch-up failed: ${err.stack ?? err.message}`)),
  smtpConfigured: Boolean(mail),
  ...(mail ? { onMailQueued: () => mail.wake() } : {}),
});
// One public port: the edge answers it and reaches the app in-process for every service (edge/README.md).
const edge = singleProcessEdge({ server: app, credentials, log });
const server = serve({ fetch: edge.fetch, port: config.port, hostname: config.host }, (info) => {
  const origin = config.publicUrl ?? `http://${config.host}:${info.port}`;
  log(`Loopbox: listening on ${origin}`);
  log(`  web API key:    ${credentials.webKey}`);
  log(`  mobile API key: ${credentials.mobileKey}`);
  log(`  admin token:    ${credentials.adminToken}`);
  log(`  try: ${origin}/v1/gifs/trending?api_key=${credentials.webKey}`);
  log(`  mail: ${mail ? 'delivered by SMTP' : 'SMTP_URL not set: staff read the outbox at /api/v1/mail/outbox/'}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`Loopbox: ${signal}, shutting down`);
  server.close();
  await analytics.stop();
  await mail?.stop();
  await store.close();
  unlock();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

function progressPrinter() {
  const tty = process.stderr.isTTY;
  let lastDecile = -1;
  return (done: number, total: number) => {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    if (tty) {
      process.stderr.write(`\rSeeding demo corpus: ${done}/${total} (${pct}%)${done === total ? '\n' : ''}`);
    } else if (Math.floor(pct / 10) !== lastDecile) {
      lastDecile = Math.floor(pct / 10);
      log(`Seeding demo corpus: ${done}/${total} (${pct}%)`);
    }
  };
}
