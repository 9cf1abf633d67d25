import path from 'node:path';
import { z } from 'zod';
import { ADMIN_TOKEN_MIN_LENGTH } from './tokens/admin-token.ts';
import { LOG_LEVELS } from './logging/constants.ts';
import { REMOVED_MEDIA_RETENTION_DAYS_DEFAULT, TEXT_RENDER_DEFAULTS } from './media/constants.ts';
import type { TextRenderSettings } from './media/text-stickers.ts';
import type { MediaStoreSettings } from './media-store/factory.ts';
import { SPOTIFY_OEMBED_DEFAULT_URL } from './artists/constants.ts';
import {
  NEW_ACCOUNT_QUOTA_DEFAULTS,
  TRUST_APPROVED_UPLOADS_DEFAULT,
  UPLOAD_CONCURRENCY_DEFAULT,
  UPLOAD_LIMIT_DEFAULTS,
  UPLOAD_QUOTA_DEFAULTS,
} from './uploads/constants.ts';
import { parseRanges } from './uploads/fetch-url.ts';
import type { UploadSettings } from './uploads/service.ts';
import { JOB_BATCH_SIZE } from './jobs/constants.ts';
import type { JobSettings } from './platform.ts';
import { DEFAULT_SITE_INFO, SITE_DESCRIPTION_MAX, SITE_NAME_MAX, type SiteInfo } from './web/site-info.ts';

const MIB = 1024 * 1024;

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_READ_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOOPBOX_WEB_KEY: z.string().min(8).optional(),
  LOOPBOX_MOBILE_KEY: z.string().min(8).optional(),
  LOOPBOX_ADMIN_TOKEN: z.string().min(ADMIN_TOKEN_MIN_LENGTH).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  EDGE: z.enum(['on', 'off']).default('on'),
  COLLECTOR_SDK_KEY: z.enum(['accept', 'refuse']).default('accept'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TEXT_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(TEXT_RENDER_DEFAULTS.concurrency),
  TEXT_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(TEXT_RENDER_DEFAULTS.queue),
  TEXT_RENDER_CACHE_MB: z.coerce
    .number()
    .int()
    .min(16)
    .default(TEXT_RENDER_DEFAULTS.cacheBytes / MIB),
  TEXT_RENDER_BUDGET_PER_KEY: z.coerce.number().int().min(1).default(TEXT_RENDER_DEFAULTS.budgetPerKey),
  TEXT_RENDER_BUDGET_PER_ADDRESS: z.coerce.number().int().min(1).default(TEXT_RENDER_DEFAULTS.budgetPerAddress),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  UPLOAD_MAX_MB: z.coerce
    .number()
    .positive()
    .max(10_000)
    .default(UPLOAD_LIMIT_DEFAULTS.maxBytes / MIB),
  UPLOAD_MAX_SECONDS: z.coerce.number().positive().max(3600).default(UPLOAD_LIMIT_DEFAULTS.maxDurationS),
  UPLOAD_MAX_MEGAPIXELS: z.coerce
    .number()
    .positive()
    .max(100)
    .default(UPLOAD_LIMIT_DEFAULTS.maxPixels / 1e6),
  UPLOAD_MAX_FRAMES: z.coerce.number().int().min(1).max(100_000).default(UPLOAD_LIMIT_DEFAULTS.maxFrames),
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(UPLOAD_CONCURRENCY_DEFAULT),
  UPLOAD_URL_ALLOW: z.string().default(''),
  FFMPEG_PATH: z.string().optional(),
  UPLOAD_OPEN_PER_CREATOR: z.coerce.number().int().min(1).max(10_000).default(UPLOAD_QUOTA_DEFAULTS.openPerCreator),
  UPLOAD_MB_PER_DAY: z.coerce
    .number()
    .positive()
    .max(100_000_000)
    .default(UPLOAD_QUOTA_DEFAULTS.bytesPerDay / MIB),
  UPLOAD_URL_FETCHES_PER_CREATOR: z.coerce.number().int().min(1).max(1000).default(UPLOAD_QUOTA_DEFAULTS.urlFetchesPerCreator),
  TRUST_APPROVED_UPLOADS: z.coerce.number().int().min(0).max(10_000).default(TRUST_APPROVED_UPLOADS_DEFAULT),
  NEW_ACCOUNT_UPLOAD_OPEN: z.coerce.number().int().min(1).max(10_000).default(NEW_ACCOUNT_QUOTA_DEFAULTS.openPerCreator),
  NEW_ACCOUNT_UPLOAD_MB_PER_DAY: z.coerce
    .number()
    .positive()
    .max(100_000_000)
    .default(NEW_ACCOUNT_QUOTA_DEFAULTS.bytesPerDay / MIB),
  NEW_ACCOUNT_UPLOAD_URL_FETCHES: z.coerce.number().int().min(1).max(1000).default(NEW_ACCOUNT_QUOTA_DEFAULTS.urlFetchesPerCreator),
  SPOTIFY_OEMBED_URL: z.string().url().default(SPOTIFY_OEMBED_DEFAULT_URL),
  JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(JOB_BATCH_SIZE),
  JOB_STEP_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  REMOVED_MEDIA_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(REMOVED_MEDIA_RETENTION_DAYS_DEFAULT),
  SITE_NAME: z.string().trim().min(1).max(SITE_NAME_MAX).default(DEFAULT_SITE_INFO.name),
  SITE_DESCRIPTION: z.string().trim().min(1).max(SITE_DESCRIPTION_MAX).default(DEFAULT_SITE_INFO.description),
  CONTACT_EMAIL: z.email('must be an e-mail address').optional(),
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_PUBLIC_URL: z.string().url().optional(),
});

/** The settings MEDIA_STORE=s3 cannot start without. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  /** A replica for public reads (PostgreSQL only). */
  databaseReadUrl: string | undefined;
  publicUrl: string | undefined;
  webKey: string | undefined;
  mobileKey: string | undefined;
  adminToken: string | undefined;
  seed: 'demo' | 'none';
  /** Serve the in-process edge in front of the services (default), or the services alone behind an edge elsewhere. */
  edge: boolean;
  /** Count pingbacks sent with the key built into GIPHY's analytics package. */
  acceptGiphySdkKey: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  textRender: TextRenderSettings;
  /** Where mail goes (SMTP); without it the outbox is read by staff at /api/v1/mail/outbox/. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Upload limits, processing threads and the non-public ranges source_image_url may reach. */
  uploads: UploadSettings;
  /** The maintained ffmpeg uploads and trims are decoded by (FFMPEG_PATH); unset, `ffmpeg` on PATH. */
  ffmpegPath: string | undefined;
  /** Spotify's oEmbed endpoint (artist names for artist profiles). */
  spotifyOembedUrl: string;
  /** The job runner's step size and pause (JOB_BATCH_SIZE, JOB_STEP_PAUSE_MS). */
  jobs: JobSettings;
  /** Days removed and taken-down GIFs' files are kept before they are deleted. */
  removedMediaRetentionDays: number;
  /** What /about says of this instance (SITE_NAME, SITE_DESCRIPTION, CONTACT_EMAIL). */
  site: SiteInfo;
  /** Where media are kept (MEDIA_STORE): the media folder (default) or an S3-compatible bucket. */
  mediaStore: MediaStoreSettings;
  /** The origin answers name media under (MEDIA_PUBLIC_URL: a CDN or the bucket's public URL); unset, this server's `/media/`. */
  mediaPublicUrl: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (`DATABASE_URL= npm start`) means unset.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  // Mailed links must not take their host from a request's Host header (a forged one would send reset links elsewhere).
  if (c.SMTP_URL && !c.PUBLIC_URL) throw new Error('Invalid configuration: SMTP_URL needs PUBLIC_URL, the origin mailed links point at');
  const dataDir = path.resolve(c.DATA_DIR);
  const mediaDir = path.join(dataDir, 'media');
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    mediaDir,
    databaseUrl: c.DATABASE_URL,
    databaseReadUrl: c.DATABASE_READ_URL,
    publicUrl: c.PUBLIC_URL?.replace(/\/$/, ''),
    webKey: c.LOOPBOX_WEB_KEY,
    mobileKey: c.LOOPBOX_MOBILE_KEY,
    adminToken: c.LOOPBOX_ADMIN_TOKEN,
    seed: c.SEED,
    edge: c.EDGE === 'on',
    acceptGiphySdkKey: c.COLLECTOR_SDK_KEY === 'accept',
    logLevel: c.LOG_LEVEL,
    textRender: {
      concurrency: c.TEXT_RENDER_CONCURRENCY,
      queue: c.TEXT_RENDER_QUEUE,
      cacheBytes: c.TEXT_RENDER_CACHE_MB * MIB,
      budgetPerKey: c.TEXT_RENDER_BUDGET_PER_KEY,
      budgetPerAddress: c.TEXT_RENDER_BUDGET_PER_ADDRESS,
      answerWithinMs: TEXT_RENDER_DEFAULTS.answerWithinMs,
      maxWaitMs: TEXT_RENDER_DEFAULTS.maxWaitMs,
    },
    jobs: { batchSize: c.JOB_BATCH_SIZE, stepPauseMs: c.JOB_STEP_PAUSE_MS },
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM ?? `Loopbox <no-reply@${c.PUBLIC_URL ? new URL(c.PUBLIC_URL).hostname : 'localhost'}>`,
    uploads: {
      limits: {
        maxBytes: Math.round(c.UPLOAD_MAX_MB * MIB),
        maxDurationS: c.UPLOAD_MAX_SECONDS,
        maxPixels: Math.round(c.UPLOAD_MAX_MEGAPIXELS * 1e6),
        maxFrames: c.UPLOAD_MAX_FRAMES,
      },
      quota: {
        openPerCreator: c.UPLOAD_OPEN_PER_CREATOR,
        bytesPerDay: Math.round(c.UPLOAD_MB_PER_DAY * MIB),
        urlFetchesPerCreator: c.UPLOAD_URL_FETCHES_PER_CREATOR,
      },
      concurrency: c.UPLOAD_CONCURRENCY,
      trust: {
        approvedUploads: c.TRUST_APPROVED_UPLOADS,
        newAccountQuota: {
          openPerCreator: c.NEW_ACCOUNT_UPLOAD_OPEN,
          bytesPerDay: Math.round(c.NEW_ACCOUNT_UPLOAD_MB_PER_DAY * MIB),
          urlFetchesPerCreator: c.NEW_ACCOUNT_UPLOAD_URL_FETCHES,
        },
      },
      urlAllow: parseRanges(
        c.UPLOAD_URL_ALLOW.split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      ).map(([ip, bits]) => `${ip.toString()}/${bits}`),
    },
    ffmpegPath: c.FFMPEG_PATH,
    spotifyOembedUrl: c.SPOTIFY_OEMBED_URL,
    removedMediaRetentionDays: c.REMOVED_MEDIA_RETENTION_DAYS,
    site: { name: c.SITE_NAME, description: c.SITE_DESCRIPTION, contactEmail: c.CONTACT_EMAIL },
    mediaStore: c.MEDIA_STORE === 's3' ? s3Settings(c) : { kind: 'local', mediaDir },
    mediaPublicUrl: c.MEDIA_PUBLIC_URL?.replace(/\/$/, ''),
  };
}

function s3Settings(c: z.infer<typeof ConfigSchema>): MediaStoreSettings {
  const missing = S3_REQUIRED.filter((name) => c[name] === undefined);
  if (missing.length) throw new Error(`Invalid configuration: MEDIA_STORE=s3 needs ${missing.join(', ')}`);
  return {
    kind: 's3',
    endpoint: c.S3_ENDPOINT as string,
    bucket: c.S3_BUCKET as string,
    region: c.S3_REGION as string,
    forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: c.AWS_ACCESS_KEY_ID as string,
    secretAccessKey: c.AWS_SECRET_ACCESS_KEY as string,
  };
}
