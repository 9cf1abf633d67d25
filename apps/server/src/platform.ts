import path from 'node:path';
import { routeFor, singleProcessEdge, type Service } from '@loopbox/edge';
import { createAnalytics, type Analytics } from './analytics/index.ts';
import { trendingRulesFrom } from './analytics/trending-settings.ts';
import { videoOembedFrom } from './external-video/settings.ts';
import { PROJECTION_VACUUM_INTERVAL_MS } from './analytics/constants.ts';
import { createApp } from './app.ts';
import { createLocalDiskStore } from './media-store/local-disk.ts';
import type { MediaStore } from './media-store/media-store.ts';
import type { AttemptLimitSettings } from './auth/attempt-limits.ts';
import { ensureCredentials, type Credentials } from './tokens/credentials.ts';
import { lineLogger, type Logger } from './logging/logger.ts';
import { createMailSender, type MailSender } from './mail/sender.ts';
import { createLinkOrigin } from './mail/link-origin.ts';
import type { TextRenderSettings } from './media/text-stickers.ts';
import { findDecoder, minVersionText } from './media/ffmpeg-binary.ts';
import type { Store } from './store/db.ts';
import { allJobHandlers } from './jobs/handlers.ts';
import { createMagicSweep } from './channels/magic-sweep.ts';
import { createMediaRetention } from './media/retention.ts';
import { REMOVED_MEDIA_RETENTION_DAYS_DEFAULT } from './media/constants.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import { ownPageConfig, WEB_DIST_DIR } from './web/assets.ts';
import { DEFAULT_SITE_INFO, type SiteInfo } from './web/site-info.ts';
import { createUploads, type Uploads, type UploadSettings } from './uploads/service.ts';
import type { VisibilityPolicy } from './uploads/visibility.ts';
import { createPredictor } from './tag-prediction/predictor.ts';
import { createNsfwClassifier } from './moderation/nsfw-classifier.ts';
import { moderationSettings, uploadReviewer } from './moderation/upload-review.ts';
import { createOcr } from './tag-prediction/ocr.ts';
import { systemClock, type Clock } from './jobs/clock.ts';
import { createPayloadSigner } from './payload-signing/signer.ts';
import { createStoriesApp } from './stories/app.ts';
import { createSchedulerApp } from './scheduler/app.ts';
import { createImagingApp } from './imaging/app.ts';
import { imagingSettingsFrom } from './imaging/settings.ts';
import { answerCheckFrom } from './http/answer-check.ts';

export interface PlatformOptions {
  store: Store;
  dataDir: string;
  mediaDir: string;
  /** Where media are kept (MEDIA_STORE, media-store/factory.ts); the local disk under `mediaDir` when absent. */
  mediaStore?: MediaStore;
  /** Where answers name GIF renditions (MEDIA_PUBLIC_URL: a CDN or the bucket's public URL); this server's `/media` when absent. */
  mediaPublicUrl?: string | undefined;
  publicUrl?: string | undefined;
  /** Keys and token from the environment; absent ones are generated once per data directory. */
  given?: { webKey?: string | undefined; mobileKey?: string | undefined; adminToken?: string | undefined };
  /** Count pingbacks sent with the key built into GIPHY's analytics package (default yes). */
  acceptGiphySdkKey?: boolean;
  /** Bounds of on-demand text rendering (TEXT_RENDER_*); defaults in media/constants.ts. */
  textRender?: Partial<TextRenderSettings>;
  /** Deliver the mail outbox by SMTP (SMTP_URL); without it staff read the outbox. */
  mail?: { smtpUrl: string; from: string; intervalMs?: number } | undefined;
  /** Abuse limits other than the defaults (auth/constants.ts). */
  attemptLimits?: Partial<AttemptLimitSettings>;
  /** The job runner's pace (JOB_* settings); defaults in jobs/constants.ts and channels/constants.ts. */
  jobs?: JobSettings;
  /** Serve the built web app (apps/web/dist, or this folder). */
  web?: boolean | string;
  /** The edge's settings and per-service upstream URLs (edge/README.md); process.env in `npm start`. */
  env?: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  /** Upload limits, processing threads and the address ranges source_image_url may reach (UPLOAD_*). */
  uploads?: Partial<UploadSettings>;
  /** The maintained ffmpeg that decodes uploads and trims (FFMPEG_PATH); absent, `ffmpeg` on PATH. */
  ffmpegPath?: string | undefined;
  /** Decides a new upload's visibility (moderation's hook; default post-moderation: as the creator chose). */
  uploadVisibility?: VisibilityPolicy;
  /** Spotify's oEmbed endpoint (SPOTIFY_OEMBED_URL), for artist names. */
  spotifyOembedUrl?: string;
  /** What time it is for timed work (due jobs, scheduled posts, trending stories); the system clock by default. */
  clock?: Clock;
  /** Days removed GIFs' files are kept before they are deleted (REMOVED_MEDIA_RETENTION_DAYS; default in media/constants.ts). */
  removedMediaRetentionDays?: number;
  /** What /about says of this instance (SITE_NAME, SITE_DESCRIPTION, CONTACT_EMAIL); defaults in web/site-info.ts. */
  site?: SiteInfo;
}

export interface JobSettings {
  /** How often an idle runner looks for due jobs. */
  intervalMs?: number;
  /** Rows a step may touch. */
  batchSize?: number;
  /** A pause between steps. */
  stepPauseMs?: number;
  /** How often magic tags are reconciled with the GIFs carrying them. */
  magicSweepMs?: number;
}

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

export interface Platform {
  /** The public port's handler: the edge, reaching every service in this process unless configured otherwise. */
  fetch: Fetch;
  /** The services alone, without the edge: what an edge elsewhere reaches by URL. */
  services: Fetch;
  credentials: Credentials;
  analytics: Analytics;
  uploads: Uploads;
  mail: MailSender | undefined;
  /** The durable job runner (channel update jobs; scheduled work). */
  jobs: JobRunner;
  /** Tells the platform the origin it listens on: mailed links point there when PUBLIC_URL is unset. */
  listening(origin: string): void;
  /** Starts the background work: the projection runner, the mail sender, the job runner, the magic-tag sweep, the removed media's retention and upload processing (after recovering what a killed process left). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * What `npm start` serves, without the process around it (port, signals, data-dir lock): the
 * server app with its analytics and mail sender, behind the edge. Tests build the same thing, so
 * they go through the real wiring.
 */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { store, logger } = options;
  const log = lineLogger(logger);
  const mediaStore = options.mediaStore ?? createLocalDiskStore(options.mediaDir);
  const credentials = await ensureCredentials(store.db, { dataDir: options.dataDir, ...options.given });
  const analytics = createAnalytics(store.db, {
    log,
    ...(store.kind === 'pglite' ? { vacuumEveryMs: PROJECTION_VACUUM_INTERVAL_MS } : {}),
  });
  const mail = options.mail ? createMailSender(store.db, { ...options.mail, log }) : undefined;
  const clock = options.clock ?? systemClock;
  const jobs = createJobRunner(store.db, allJobHandlers({ batchSize: options.jobs?.batchSize, clock }), {
    log,
    now: clock,
    ...(options.jobs?.intervalMs ? { intervalMs: options.jobs.intervalMs } : {}),
    ...(options.jobs?.stepPauseMs ? { stepPauseMs: options.jobs.stepPauseMs } : {}),
  });
  const magicSweep = createMagicSweep(store.db, {
    onQueued: () => jobs.wake(),
    log,
    ...(options.jobs?.magicSweepMs ? { intervalMs: options.jobs.magicSweepMs } : {}),
  });
  const mediaRetention = createMediaRetention(
    store.db,
    { store: mediaStore, mediaDir: mediaStore.kind === 'local' ? options.mediaDir : undefined },
    { retentionDays: options.removedMediaRetentionDays ?? REMOVED_MEDIA_RETENTION_DAYS_DEFAULT, log },
  );
  const distDir = typeof options.web === 'string' ? options.web : WEB_DIST_DIR;
  const predictor = createPredictor(store.db, mediaStore, createOcr());
  const decoder = await findDecoder(options.ffmpegPath);
  if (decoder.ffmpeg !== null)
    logger.info(
      { ffmpeg: decoder.ffmpeg, version: decoder.version },
      `Loopbox: uploads and trims decoded by ffmpeg ${decoder.version} (${decoder.ffmpeg})`,
    );
  else
    logger.warn(
      { ffmpeg: decoder.reason },
      `Loopbox: uploads and trims are OFF (503): ${decoder.reason}. Install ffmpeg ${minVersionText} or newer (Debian: apt-get install ffmpeg) or set FFMPEG_PATH`,
    );
  const linkOrigin = createLinkOrigin(options.publicUrl);
  const uploads = createUploads(store.db, {
    dataDir: options.dataDir,
    mediaDir: options.mediaDir,
    store: mediaStore,
    alone: store.kind === 'pglite',
    decoder,
    log,
    ...(options.uploads ? { settings: options.uploads } : {}),
    ...(options.uploadVisibility ? { policy: options.uploadVisibility } : {}),
    review: uploadReviewer(createNsfwClassifier(), moderationSettings(options.env ?? process.env), log),
    onCommitted: () => {
      void analytics.catchUp().catch((err: Error) => log(`analytics: catching up after an upload failed: ${err.message}`));
      mail?.wake();
    },
    linkOrigin,
  });
  const checkAnswers = answerCheckFrom(options.env ?? process.env);
  // One signer for the whole process: the public API and the services sign and verify alike.
  const payloads = createPayloadSigner(store.db);
  const app = createApp({
    analytics,
    payloads,
    db: store.db,
    readDb: store.readDb,
    contentChanges: store.contentChanges,
    trendingSearchChanges: store.trendingSearchChanges,
    mediaDir: options.mediaDir,
    mediaStore,
    mediaPublicUrl: options.mediaPublicUrl,
    publicUrl: options.publicUrl,
    ...(options.acceptGiphySdkKey === undefined ? {} : { acceptGiphySdkKey: options.acceptGiphySdkKey }),
    ...(options.textRender ? { textRender: options.textRender } : {}),
    ...(options.attemptLimits ? { attemptLimits: options.attemptLimits } : {}),
    ...(options.web ? { web: { distDir, config: () => ownPageConfig(credentials.webKey, options.site ?? DEFAULT_SITE_INFO) } } : {}),
    smtpConfigured: Boolean(mail),
    linkOrigin,
    uploads,
    predictor,
    trendingRules: trendingRulesFrom(options.env ?? process.env),
    clock,
    checkAnswers,
    // Declared below; read when /openapi.json is first asked for.
    serviceRoutes: () => [...stories.routes, ...scheduler.routes, ...imaging.routes],
    videoOembed: videoOembedFrom(options.env ?? process.env),
    ...(options.spotifyOembedUrl ? { spotifyOembedUrl: options.spotifyOembedUrl } : {}),
    ...(mail ? { onMailQueued: () => mail.wake() } : {}),
    onJobQueued: () => jobs.wake(),
    log,
    // Fold new events right after they commit rather than at the next tick; concurrent wakes share one catch-up.
    onLogCommitted: () => void analytics.catchUp().catch((err: Error) => logger.error({ err }, 'analytics: catch-up failed')),
  });
  const stories = createStoriesApp({ db: store.db, payloads, publicUrl: options.publicUrl, clock, log, checkAnswers });
  const scheduler = createSchedulerApp({
    db: store.db,
    payloads,
    publicUrl: options.publicUrl,
    clock,
    log,
    checkAnswers,
    onJobQueued: () => jobs.wake(),
  });
  const imaging = createImagingApp({
    db: store.db,
    mediaDir: options.mediaDir,
    mediaStore,
    workDir: path.join(options.dataDir, 'imaging'),
    publicUrl: options.publicUrl,
    settings: imagingSettingsFrom(options.env ?? process.env),
    decoder,
    log,
  });
  // The services behind the edge's routes, each its own app, reached by the edge's own route table (each sees the
  // same path in-process as alone behind a URL); the server app answers everything else.
  const inProcess: Partial<Record<Service, { fetch: Fetch }>> = { stories, scheduler, imaging };
  const services: Fetch = (request, env) => (inProcess[routeFor(new URL(request.url).pathname).service] ?? app).fetch(request, env);
  const edge = singleProcessEdge({
    server: { fetch: services },
    credentials,
    logger: logger.child({ component: 'edge' }),
    ...(options.env ? { env: options.env } : {}),
  });
  return {
    fetch: (request, env) => edge.fetch(request, env),
    services,
    credentials,
    analytics,
    uploads,
    mail,
    jobs,
    listening: linkOrigin.listening,
    async start() {
      analytics.start();
      mail?.start();
      jobs.start();
      magicSweep.start();
      mediaRetention.start();
      // A first pass now: a process restarted more often than the interval must still delete what is due.
      mediaRetention.run().catch((err: Error) => log(`media retention: pass failed: ${err.message}`));
      await uploads.start();
    },
    async stop() {
      await uploads.stop();
      await predictor.close();
      await magicSweep.stop();
      await mediaRetention.stop();
      await jobs.stop();
      await analytics.stop();
      await mail?.stop();
    },
  };
}
