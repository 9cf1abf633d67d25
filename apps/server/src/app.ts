import { createLocalDiskStore } from './media-store/local-disk.ts';
import type { MediaStore } from './media-store/media-store.ts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { paramsGuard } from './http/params-guard.ts';
import { systemClock, type Clock } from './jobs/clock.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createPayloadSigner, type PayloadSigner } from './payload-signing/signer.ts';
import { contentVersionReader } from './content/content-version.ts';
import { createSearchResults } from './content/search.ts';
import { createWireTexts } from './public-api/wire.ts';
import { keptTrendingTerms } from './content/tags.ts';
import { createUnchangedMemo } from './content/unchanged-memo.ts';
import { CHECKED_PAGES_MAX, CHECKED_SOURCES_MAX } from './public-api/constants.ts';
import { createTextStickers, type TextRenderSettings } from './media/text-stickers.ts';
import { mediaRoutes } from './media/serve.ts';
import { publicApi } from './public-api/index.ts';
import { TENOR_BASE_PATH } from './tenor/constants.ts';
import { tenorApi } from './tenor/routes.ts';
import { errorBody, handleErrors, metaStatusAgrees } from './http/envelope.ts';
import type { Database } from './store/schema.ts';
import type { Analytics } from './analytics/index.ts';
import { trendingRulesFrom, type TrendingSearchRules } from './analytics/trending-settings.ts';
import type { VideoOembedSettings } from './external-video/settings.ts';
import { backendRoutes } from './backend/index.ts';
import { collectorRejectsRoutes } from './collector/rejects-route.ts';
import { publicProfileRoutes } from './accounts/public-profile.ts';
import { webPages, type PageConfig } from './web/assets.ts';
import { oembedRoutes } from './web/oembed.ts';
import { openApiRoutes } from './openapi/route.ts';
import type { RouteEntry } from './openapi/document.ts';
import { answersMatchSchemas } from './http/answer-check.ts';
import { createAttemptLimiter, type AttemptLimitSettings } from './auth/attempt-limits.ts';
import { authenticate } from './auth/authenticate.ts';
import type { AuthEnv } from './auth/context.ts';
import { requirePagePermission } from './auth/page-guard.ts';
import {
  channelEditorPath,
  DASHBOARD_PAGE,
  DEVELOPER_REVIEW_PAGE,
  DEVELOPERS_PAGE,
  MODERATION_PAGE,
  NOTICES_PAGE,
  OUTBOX_PAGE,
} from '@loopbox/pages';
import { readBuildInfo, type BuildInfo } from './build-info/routes.ts';
import type { BackendDeps } from './backend/deps.ts';
import { followedSearchIndex } from './search-index/follow.ts';
import { readsOf, type ApiDeps } from './public-api/context.ts';
import { originOf } from './http/origin.ts';
import type { Uploads } from './uploads/service.ts';
import type { Predictor } from './tag-prediction/predictor.ts';
import { createKeyLookup } from './developers/key-lookup.ts';
import { createLinkOrigin, type LinkOrigin } from './mail/link-origin.ts';
import { createHourlyLimit } from './developers/hourly-limit.ts';

export interface AppOptions {
  db: Kysely<Database>;
  /** Signs analytics payloads; one is made when absent (the platform shares its own with the services). */
  payloads?: PayloadSigner;
  /** Where public reads go (DATABASE_READ_URL, a replica); `db` when absent. */
  readDb?: Kysely<Database> | undefined;
  /** The store's change count (Store.contentChanges), when it keeps one. */
  contentChanges?: (() => number) | undefined;
  /** Its count of changes to what trending searches are read from (Store.trendingSearchChanges), likewise. */
  trendingSearchChanges?: (() => number) | undefined;
  mediaDir: string;
  /** Where media are kept (media-store/); the local disk under `mediaDir` when absent. */
  mediaStore?: MediaStore;
  /** Where answers name GIF renditions (MEDIA_PUBLIC_URL); this server's `/media` when absent. */
  mediaPublicUrl?: string | undefined;
  publicUrl?: string | undefined;
  /** The built web app and the config its pages get; without them only the APIs and media are served. */
  web?: { distDir: string; config: () => PageConfig };
  log?: (line: string) => void;
  /** Logs searches and keeps the projections the backend reads; main.ts starts and stops it. */
  analytics?: Analytics;
  /** Called after the collector commits new events (main.ts wakes the projection runner with it). */
  onLogCommitted?: () => void;
  /** Count pingbacks sent with the key built into GIPHY's analytics package (COLLECTOR_SDK_KEY; default yes). */
  acceptGiphySdkKey?: boolean;
  /** Bounds of on-demand text rendering; defaults in media/constants.ts. */
  textRender?: Partial<TextRenderSettings>;
  /** Called after a commit queued mail (main.ts wakes the mail sender with it). */
  onMailQueued?: () => void;
  /** Called after a commit queued a job (the platform wakes the job runner with it). */
  onJobQueued?: () => void;
  /** Where mailed links point (the platform's, told where it listens); PUBLIC_URL alone when absent. */
  linkOrigin?: LinkOrigin;
  /** Whether a mail sender delivers the outbox by SMTP (otherwise staff read it at /api/v1/mail/outbox/). */
  smtpConfigured?: boolean;
  /** Abuse limits other than the defaults (auth/constants.ts). */
  attemptLimits?: Partial<AttemptLimitSettings>;
  build?: BuildInfo;
  /** Uploads (the platform starts and stops their processor); absent, uploading is off. */
  uploads?: Uploads;
  /** Spotify's oEmbed endpoint; its public address by default. */
  spotifyOembedUrl?: string;
  /** The video hosts' oEmbed endpoints (external video); the real hosts by default. */
  videoOembed?: VideoOembedSettings;
  /** Tag prediction (the platform closes its OCR engine). */
  predictor?: Predictor;
  /** What a term needs to trend (TRENDING_* settings); the defaults when absent. */
  trendingRules?: TrendingSearchRules;
  /** What time it is for keys' grace periods and the key cache (jobs/clock.ts); the system clock by default. */
  clock?: Clock;
  /** Check every answer against its route's response schema (CHECK_ANSWERS; http/answer-check.ts). */
  checkAnswers?: boolean;
  /** The routes of the services behind the edge (stories, scheduler, imaging), listed in /openapi.json beside this app's. */
  serviceRoutes?: () => readonly RouteEntry[];
}

/**
 * The whole server as one Hono app: health, media, the public API, the own backend and the web app's
 * pages. Every request gets its caller resolved on demand (auth/authenticate.ts); dashboard pages
 * need a signed-in role that may open them.
 */
export function createApp(options: AppOptions) {
  const clock = options.clock ?? systemClock;
  const mediaStore = options.mediaStore ?? createLocalDiskStore(options.mediaDir);
  const trendingRules = options.trendingRules ?? trendingRulesFrom({});
  const deps: BackendDeps & ApiDeps = {
    db: options.db,
    readDb: options.readDb,
    mediaDir: options.mediaDir,
    mediaStore,
    mediaPublicUrl: options.mediaPublicUrl,
    publicUrl: options.publicUrl,
    searchLog: options.analytics?.searchLog,
    trendingRules,
    trendingTerms: keptTrendingTerms(readsOf(options), trendingRules, options),
    clock,
    payloads: options.payloads ?? createPayloadSigner(options.db),
    searchResults: createSearchResults(contentVersionReader(options.db), followedSearchIndex(readsOf(options))),
    wires: createWireTexts(readsOf(options), options.db, {
      onError: (err) => options.log?.(`wire objects not stored: ${err.stack ?? err.message}`),
      contentChanges: options.contentChanges,
    }),
    // Blocks of positions are worth reading only where they are kept: PostgreSQL reads each page as asked.
    trendingPages: options.contentChanges ? createUnchangedMemo(options.contentChanges, CHECKED_PAGES_MAX) : undefined,
    relatedPages: createUnchangedMemo(options.contentChanges, CHECKED_PAGES_MAX),
    madeFromSources: createUnchangedMemo(options.contentChanges, CHECKED_SOURCES_MAX),
    limits: createAttemptLimiter(options.attemptLimits),
    smtpConfigured: options.smtpConfigured ?? false,
    linkOrigin: options.linkOrigin ?? createLinkOrigin(options.publicUrl),
    uploads: options.uploads,
    spotifyOembedUrl: options.spotifyOembedUrl,
    videoOembed: options.videoOembed,
    predictor: options.predictor,
    keys: {
      lookup: createKeyLookup(options.db, () => clock().getTime()),
      hourly: createHourlyLimit(options.db),
      usage: options.analytics?.usage,
    },
    ...(options.onMailQueued ? { onMailQueued: options.onMailQueued } : {}),
    ...(options.onJobQueued ? { onJobQueued: options.onJobQueued } : {}),
  };
  const build = options.build ?? readBuildInfo();
  const app = new Hono<AuthEnv>();
  app.use(securityHeaders({ publicUrl: options.publicUrl, mediaPublicUrl: options.mediaPublicUrl }));
  app.use(paramsGuard());
  if (options.checkAnswers) app.use(answersMatchSchemas(options.log));
  app.use(metaStatusAgrees());
  // A route that touches nothing: the baseline every benchmark compares against.
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.use('*', authenticate(deps));
  // After authenticate: the owner and staff of a GIF others may not open still get its files.
  app.route('/', mediaRoutes(mediaStore, options.db, options.contentChanges));
  const web = options.web
    ? webPages(deps, options.web.distDir, options.web.config, (request, env) => Promise.resolve(app.fetch(request, env)), options)
    : undefined;
  app.use('/dashboard', requirePagePermission('dashboard.open', web?.refused));
  // A developer's page is any signed-in user's; its review list is staff's (issue 21).
  const dashboardGuard = requirePagePermission('dashboard.open', web?.refused);
  const developersGuard = requirePagePermission('developer_app.create', web?.refused);
  const reviewGuard = requirePagePermission('developer_app.review', web?.refused);
  // Notices are every signed-in person's own (issue 31).
  const noticesGuard = requirePagePermission('notice.manage', web?.refused);
  // Everyone signed in has a dashboard; channels, stories and the scheduler stay a verified channel's (creator) (issue 31).
  const sectionGuards: Record<string, MiddlewareHandler<AuthEnv>> = {
    [channelEditorPath()]: requirePagePermission('channel.create', web?.refused),
    [`${DASHBOARD_PAGE}/stories`]: requirePagePermission('story.create', web?.refused),
    [`${DASHBOARD_PAGE}/schedule`]: requirePagePermission('schedule.manage', web?.refused),
  };
  app.use('/dashboard/*', (c, next) => {
    const path = c.req.path.replace(/\/$/, '');
    return (
      path === DEVELOPERS_PAGE
        ? developersGuard
        : path === DEVELOPER_REVIEW_PAGE
          ? reviewGuard
          : path === NOTICES_PAGE
            ? noticesGuard
            : (sectionGuards[path] ?? dashboardGuard)
    )(c, next);
  });
  app.use('/upload', requirePagePermission('gif.upload', web?.refused));
  app.use(`${OUTBOX_PAGE}/*`, requirePagePermission('mail.read_outbox', web?.refused));
  app.use(`${MODERATION_PAGE}/*`, requirePagePermission('gif.moderate', web?.refused));
  app.route(
    '/',
    // With a bucket, text renders are published to it (served from there like every other file); on the local disk they stay in its own cache folder.
    publicApi(deps, createTextStickers(options.mediaDir, options.textRender, mediaStore.kind === 's3' ? mediaStore : undefined), {
      collector: {
        ...(options.onLogCommitted ? { onCommitted: options.onLogCommitted } : {}),
        ...(options.log ? { log: options.log } : {}),
      },
      ...(options.acceptGiphySdkKey === undefined ? {} : { acceptGiphySdkKey: options.acceptGiphySdkKey }),
    }),
  );
  app.route(TENOR_BASE_PATH, tenorApi(deps, options.log));
  app.route('/', backendRoutes(deps, build));
  app.route('/', collectorRejectsRoutes(options.db));
  app.route('/', publicProfileRoutes(deps));
  app.route('/', oembedRoutes(deps));
  app.route(
    '/',
    openApiRoutes(
      () => [...app.routes, ...(options.serviceRoutes?.() ?? [])],
      build.version,
      (c) => originOf(c, deps),
    ),
  );
  if (web) app.route('/', web.routes);

  app.notFound((c) => c.json(errorBody(404, `No route for ${c.req.method} ${c.req.path}`), 404));
  app.onError(handleErrors(options.log));
  return app;
}
