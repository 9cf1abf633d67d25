import type { AddressInfo } from 'node:net';
import type { Clock } from '../../apps/server/src/jobs/clock.ts';
import type { ServerType } from '@hono/node-server';
import { serveHttp } from '../../apps/server/src/http/serve.ts';
import type { Analytics } from '../../apps/server/src/analytics/index.ts';
import type { Credentials } from '../../apps/server/src/tokens/credentials.ts';
import { createLogger } from '../../apps/server/src/logging/logger.ts';
import { createPlatform, type JobSettings, type Platform } from '../../apps/server/src/platform.ts';
import type { AttemptLimitSettings } from '../../apps/server/src/auth/attempt-limits.ts';
import type { MailSender } from '../../apps/server/src/mail/sender.ts';
import type { TextRenderSettings } from '../../apps/server/src/media/text-stickers.ts';
import type { UploadSettings } from '../../apps/server/src/uploads/service.ts';
import type { MediaStore } from '../../apps/server/src/media-store/media-store.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import type { Store, StoreKind } from '../../apps/server/src/store/db.ts';
import { isSampleItem, TEST_MEDIA_DIR } from './corpus.ts';
import { openTestStore } from './stores.ts';
import { TEST_RUN_ENV } from './test-run-env.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestServer extends Credentials {
  baseUrl: string;
  store: Store;
  analytics: Analytics;
  /** The services without the edge (a call that bypasses it, to prove a service's own checks). */
  services: Platform['services'];
  /** What the HTTP server calls, in process: an answer's body as the platform streams it, part by part. */
  fetch: Platform['fetch'];
  mail: MailSender | undefined;
  /** The SMTP server the outbox is delivered to (with `smtp: true`). */
  smtp: TestSmtp | undefined;
  /** What the platform logged, one JSON line each (the access log is off unless `env` turns it on). */
  logs: string[];
  mediaDir: string;
  /** While down, the collectors (POST /v2/*) answer 503 with Retry-After: 1, as an overloaded or failing deployment would. */
  setCollectorDown(down: boolean): void;
  /** GET a path with the web API key added; returns status and parsed JSON. */
  get(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Also serve the built web app (apps/web/dist) with its page config, for browser tests. */
  web?: boolean;
  /** Edge settings (edge/README.md), e.g. rate limits. */
  env?: Record<string, string>;
  /** Serve the services alone, without the edge in front (for tests of an edge reaching them by URL). */
  edge?: boolean;
  /** Run a real SMTP server in this process and deliver the mail outbox to it. */
  smtp?: boolean;
  /** Abuse limits other than the defaults. */
  attemptLimits?: Partial<AttemptLimitSettings>;
  /** The job runner's pace (a quicker magic-tag sweep, smaller steps). */
  jobs?: JobSettings;
  /** Text-render bounds other than the test wiring's. */
  textRender?: Partial<TextRenderSettings>;
  /** Upload settings other than the defaults (limits, the ranges source_image_url may reach). */
  uploads?: Partial<UploadSettings>;
  /** The ffmpeg uploads are decoded by (FFMPEG_PATH); unset, `ffmpeg` on PATH as `npm start` finds it. */
  ffmpegPath?: string;
  /** Where artist names are looked up (a stand-in for Spotify's oEmbed on 127.0.0.1). */
  spotifyOembedUrl?: string;
  /** The platform's clock (timed work: scheduled posts, trending stories); the system clock by default. */
  clock?: Clock;
  /** PUBLIC_URL: the site's public origin (links, media, embed code); the request's own when unset. */
  publicUrl?: string;
  /** Where media are kept (MEDIA_STORE); the local disk under the test media folder when unset. */
  mediaStore?: MediaStore;
  /** MEDIA_PUBLIC_URL: where answers name GIF renditions; this server's `/media` when unset. */
  mediaPublicUrl?: string;
}

/**
 * The suites share two cores with each other, ffmpeg and Chromium: where `npm start` answers 503 or
 * 504 because a render or an upstream is slow on a busy machine, the test wiring waits longer, so a
 * test fails for what it checks, not for the load. The bounds themselves are tested on their own.
 */
export const SHARED_CORE_WAITS = {
  env: { UPSTREAM_TIMEOUT_MS: '90000' },
  textRender: { maxWaitMs: 60_000, answerWithinMs: 80_000 },
} as const;

/**
 * Outside services default to their real hosts; a test server points them at a closed port on
 * 127.0.0.1 instead, so a test that forgets its stand-in fails here rather than reaching the internet.
 */
export const LOCAL_ONLY_ENV = {
  YOUTUBE_OEMBED_URL: 'http://127.0.0.1:9/youtube-oembed',
  VIMEO_OEMBED_URL: 'http://127.0.0.1:9/vimeo-oembed',
} as const;

const isCollectorPost = (request: Request) => request.method === 'POST' && new URL(request.url).pathname.startsWith('/v2/');
const unavailable = () =>
  Response.json({ meta: { status: 503, msg: 'collector down for the test' } }, { status: 503, headers: { 'Retry-After': '1' } });

/**
 * `npm start`'s wiring (createPlatform: the edge in front of the server app, analytics running) on a
 * real HTTP server on 127.0.0.1, over a fresh store seeded with the sample corpus.
 */
export async function startTestServer(kind: StoreKind, options: TestServerOptions = {}): Promise<TestServer> {
  const store = await openTestStore(kind);
  await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-test-'));
  const logs: string[] = [];
  const smtp = options.smtp ? await startTestSmtp() : undefined;
  const platform = await createPlatform({
    store,
    dataDir,
    mediaDir: TEST_MEDIA_DIR,
    web: options.web ?? false,
    mail: smtp ? { smtpUrl: smtp.url, from: 'Loopbox <loopbox@127.0.0.1>', intervalMs: 200 } : undefined,
    ...(options.attemptLimits ? { attemptLimits: options.attemptLimits } : {}),
    ...(options.uploads ? { uploads: options.uploads } : {}),
    ffmpegPath: options.ffmpegPath ?? process.env.FFMPEG_PATH,
    ...(options.spotifyOembedUrl ? { spotifyOembedUrl: options.spotifyOembedUrl } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.mediaStore ? { mediaStore: options.mediaStore } : {}),
    ...(options.mediaPublicUrl ? { mediaPublicUrl: options.mediaPublicUrl } : {}),
    textRender: { ...SHARED_CORE_WAITS.textRender, ...options.textRender },
    env: { ACCESS_LOG: 'off', ...TEST_RUN_ENV, ...LOCAL_ONLY_ENV, ...SHARED_CORE_WAITS.env, ...options.env },
    logger: createLogger({ destination: { write: (line: string) => void logs.push(line) } }),
  });
  await platform.start();
  const { credentials } = platform;
  let collectorDown = false;
  const handle = options.edge === false ? platform.services : platform.fetch;
  const server: ServerType = await new Promise((resolve) => {
    const s = serveHttp(
      (request, env) => (collectorDown && isCollectorPost(request) ? unavailable() : handle(request, env)),
      { port: 0, hostname: '127.0.0.1' },
      () => resolve(s),
    );
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  platform.listening(baseUrl);
  return {
    ...credentials,
    baseUrl,
    store,
    analytics: platform.analytics,
    services: platform.services,
    fetch: platform.fetch,
    mail: platform.mail,
    smtp,
    logs,
    setCollectorDown: (down) => {
      collectorDown = down;
    },
    mediaDir: TEST_MEDIA_DIR,
    async get(pathAndQuery, init) {
      const url = new URL(pathAndQuery, baseUrl);
      if (!url.searchParams.has('api_key') && !url.searchParams.has('no_key')) url.searchParams.set('api_key', credentials.webKey);
      url.searchParams.delete('no_key');
      const res = await fetch(url, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: keep the text so the assertion shows it */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await platform.stop();
      await smtp?.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
