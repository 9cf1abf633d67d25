import { loadConfig } from './config.ts';
import { adminTokenPath, watchAdminTokenFile, type AdminTokenWatch } from './tokens/admin-token.ts';
import { serveHttp } from './http/serve.ts';
import { exitOnSignals } from './http/shutdown.ts';
import { createLogger } from './logging/logger.ts';
import { createPlatform } from './platform.ts';
import { createMediaStore } from './media-store/factory.ts';
import { seedDemo } from './seed/seed.ts';
import { openStore } from './store/db.ts';
import { lockDataDir } from './store/lock.ts';
import { listenOrigin } from './mail/link-origin.ts';

const config = loadConfig();
// Every line on stderr is one JSON object (pino): see README, Logs.
const logger = createLogger({ level: config.logLevel });
const unlock = lockDataDir(config.dataDir);
const store = await openStore({ databaseUrl: config.databaseUrl, readDatabaseUrl: config.databaseReadUrl, dataDir: config.dataDir });
logger.info({ store: store.kind, ...(store.kind === 'pglite' ? { dataDir: config.dataDir } : {}) }, `Loopbox: store ${store.kind}`);

const mediaStore = createMediaStore(config.mediaStore);
logger.info(
  {
    mediaStore: mediaStore.kind,
    ...(config.mediaStore.kind === 's3' ? { bucket: config.mediaStore.bucket } : { mediaDir: config.mediaDir }),
  },
  `Loopbox: media in ${mediaStore.kind === 's3' ? 'the bucket' : 'the media folder'}`,
);

if (config.seed === 'demo') {
  const started = Date.now();
  const result = await seedDemo(store.db, { mediaDir: config.mediaDir, store: mediaStore, onProgress: progressPrinter() });
  if (!result.skipped) logger.info({ created: result.created, seconds: (Date.now() - started) / 1000 }, 'Loopbox: demo corpus ready');
}
const platform = await createPlatform({
  store,
  dataDir: config.dataDir,
  mediaDir: config.mediaDir,
  mediaStore,
  mediaPublicUrl: config.mediaPublicUrl,
  publicUrl: config.publicUrl,
  given: { webKey: config.webKey, mobileKey: config.mobileKey, adminToken: config.adminToken },
  acceptGiphySdkKey: config.acceptGiphySdkKey,
  textRender: config.textRender,
  jobs: config.jobs,
  mail: config.smtpUrl ? { smtpUrl: config.smtpUrl, from: config.mailFrom } : undefined,
  web: true,
  uploads: config.uploads,
  ffmpegPath: config.ffmpegPath,
  spotifyOembedUrl: config.spotifyOembedUrl,
  removedMediaRetentionDays: config.removedMediaRetentionDays,
  site: config.site,
  logger,
});
await platform.start();
// A token from the environment changes only with a restart; one from the file may be rotated while running.
const adminTokenWatch: AdminTokenWatch | undefined = config.adminToken
  ? undefined
  : watchAdminTokenFile(store.db, config.dataDir, platform.credentials.adminToken, {
      onRotated: (file) => logger.info({ file }, 'Loopbox: admin token rotated from its file; the old one no longer works'),
      onIgnored: (reason) => logger.warn(reason),
      onError: (err) => logger.error({ err }, 'Loopbox: admin token rotation failed; the token in the store is unchanged'),
    });

// EDGE=off: one of several processes behind an edge elsewhere (README, Running several processes).
const server = serveHttp(config.edge ? platform.fetch : platform.services, { port: config.port, hostname: config.host }, (info) => {
  const origin = config.publicUrl ?? listenOrigin(config.host, info.port);
  platform.listening(origin);
  // No key or token is printed: the edge adds the site's web key to calls without one, and the admin token stays in its file.
  logger.info({ url: origin }, `Loopbox: listening on ${origin}`);
  logger.info({ url: `${origin}/v1/gifs/trending` }, `Loopbox: try ${origin}/v1/gifs/trending (the edge adds the site's web key)`);
  logger.info(
    config.adminToken
      ? 'Loopbox: admin token from LOOPBOX_ADMIN_TOKEN'
      : `Loopbox: admin token in ${adminTokenPath(config.dataDir)} (npm run rotate-admin-token makes a new one)`,
  );
  if (!config.publicUrl) logger.warn({ url: origin }, `Loopbox: PUBLIC_URL not set: mailed links point at ${origin}`);
  logger.info(
    config.smtpUrl ? 'Loopbox: mail delivered by SMTP' : 'Loopbox: SMTP_URL not set: staff read the outbox at /api/v1/mail/outbox/',
  );
});

exitOnSignals(logger, 'Loopbox', async () => {
  adminTokenWatch?.stop();
  server.close();
  await platform.stop();
  await store.close();
  unlock();
});

function progressPrinter() {
  const tty = process.stderr.isTTY;
  let lastDecile = -1;
  return (done: number, total: number) => {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    if (tty) {
      // A progress bar for a person watching, redrawn in place; logs that are kept get the deciles below.
      process.stderr.write(`\rSeeding demo corpus: ${done}/${total} (${pct}%)${done === total ? '\n' : ''}`);
    } else if (Math.floor(pct / 10) !== lastDecile) {
      lastDecile = Math.floor(pct / 10);
      logger.info({ done, total }, `Seeding demo corpus: ${pct}%`);
    }
  };
}
