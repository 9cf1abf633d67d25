import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Decoder } from '../media/ffmpeg-binary.ts';
import type { Database } from '../store/schema.ts';
import { commitUpload } from './commit.ts';
import type { LinkOrigin } from '../mail/link-origin.ts';
import {
  NEW_ACCOUNT_QUOTA_DEFAULTS,
  TRUST_APPROVED_UPLOADS_DEFAULT,
  PROCESSING_HEARTBEAT_MS,
  PROCESSOR_POLL_MS,
  PROCESSING_STALE_MS,
  STAGING_PREFIX,
  UPLOAD_CONCURRENCY_DEFAULT,
  UPLOAD_LIMIT_DEFAULTS,
  UPLOAD_QUOTA_DEFAULTS,
  type UploadLimits,
  type UploadQuota,
} from './constants.ts';
import { createProcessingPool, type ProcessingPool } from './pool.ts';
import { UploadProblem } from './problems.ts';
import { recoverUploads, type UploadDirs } from './recover.ts';
import { createLocalDiskStore } from '../media-store/local-disk.ts';
import { MediaStoreUnavailable, type MediaStore } from '../media-store/media-store.ts';
import { fetchToFile } from './fetch-url.ts';
import { creatorsDb, type CreatorsDb } from './schema.ts';
import { presentQuota, quotaUsage, reserveUpload } from './quota.ts';
import {
  claimNextUpload,
  discardReceiving,
  failUpload,
  heartbeat,
  setUploadState,
  uploadById,
  type NewUploadRow,
  type UploadRow,
} from './store.ts';
import { quotaAt, trustOf, type TrustSettings } from './trust.ts';
import { postModeration, type UploadReviewer, type VisibilityPolicy } from './visibility.ts';
import type { Built } from '@loopbox/contract/common';
import type { UploadQuota as UploadQuotaSchema } from '@loopbox/contract/uploads';

export interface UploadSettings {
  limits: UploadLimits;
  /** What one creator may have open at once and send in a day. */
  quota: UploadQuota;
  /** Uploads processed at once (worker threads). */
  concurrency: number;
  /** Address ranges (CIDR) `source_image_url` may reach although they are not public: none by default. */
  urlAllow: readonly string[];
  /** Trust levels: when a `user` stops being a new account, and a new account's quota (uploads/trust.ts). */
  trust: TrustSettings;
}

export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = {
  limits: { ...UPLOAD_LIMIT_DEFAULTS },
  quota: { ...UPLOAD_QUOTA_DEFAULTS },
  concurrency: UPLOAD_CONCURRENCY_DEFAULT,
  urlAllow: [],
  trust: { approvedUploads: TRUST_APPROVED_UPLOADS_DEFAULT, newAccountQuota: { ...NEW_ACCOUNT_QUOTA_DEFAULTS } },
};

export interface Uploads {
  settings: UploadSettings;
  /** The maintained ffmpeg uploads are decoded by, found at start; without one, uploads are refused (503). */
  decoder: Decoder;
  dirs: UploadDirs;
  db: CreatorsDb;
  /** A fresh upload id and the GIF id it will become. */
  newIds(): { uploadId: string; gifId: string };
  /** Where a whole received file waits for processing. */
  incomingPath(uploadId: string): string;
  /**
   * Records an upload still being received, or replaces the provisional record of the same id,
   * within its owner's quota: beyond it a QuotaRefusal (429) is thrown and nothing is written.
   */
  begin(row: NewUploadRow): Promise<void>;
  /** Removes the record of a transfer refused before it was queued. */
  discard(uploadId: string): Promise<void>;
  /** An uploader's quota at their trust level, what they use of it now, and the level. */
  quotaOf(userId: number): Promise<Built<typeof UploadQuotaSchema>>;
  /** Queues an upload whose file is complete at `file` (moved into the incoming folder if elsewhere). */
  queue(uploadId: string, file: string, size: number): Promise<void>;
  /** Fetches `source_image_url` into the incoming folder in the background, then queues it (or fails the upload naming why). */
  fetchThenQueue(uploadId: string, url: string): void;
  /** The upload once processing ended (done or failed), or as it is after `ms`. */
  waitFor(uploadId: string, ms: number): Promise<UploadRow | undefined>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface UploadsOptions {
  dataDir: string;
  mediaDir: string;
  /** Where finished GIFs' files are stored; the local disk under `mediaDir` when absent. */
  store?: MediaStore;
  settings?: Partial<UploadSettings>;
  /** The embedded store: no other process shares the data, so interrupted processing is taken back at once. */
  alone: boolean;
  policy?: VisibilityPolicy;
  /** Moderation's review of each upload before it is committed (NSFW score, pre-moderation). */
  review?: UploadReviewer;
  /** The maintained ffmpeg found at start (media/ffmpeg-binary.ts); the bundled one never reads an upload. */
  decoder: Decoder;
  log?: (line: string) => void;
  /** Called after a GIF was committed (the platform wakes the projections and purges nothing: new GIFs are in no cached answer). */
  onCommitted?: (gifId: string) => void;
  /** Where a held upload's notice mail links to (notices/record.ts); without it the notice is recorded unmailed. */
  linkOrigin?: LinkOrigin;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomId(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/**
 * Uploads, from a complete file to a visible GIF: a queue in the store (so a restart loses
 * nothing), a processor taking queued uploads into worker threads (at most `concurrency` at once),
 * progress and heartbeats written back, and the commit that makes the GIF appear. Start recovers
 * what a killed process left behind.
 */
export function createUploads(database: Kysely<Database>, options: UploadsOptions): Uploads {
  const db = creatorsDb(database);
  const settings: UploadSettings = {
    ...DEFAULT_UPLOAD_SETTINGS,
    ...options.settings,
    limits: { ...DEFAULT_UPLOAD_SETTINGS.limits, ...options.settings?.limits },
    quota: { ...DEFAULT_UPLOAD_SETTINGS.quota, ...options.settings?.quota },
    trust: { ...DEFAULT_UPLOAD_SETTINGS.trust, ...options.settings?.trust },
  };
  const dirs: UploadDirs = {
    incoming: path.join(options.dataDir, 'uploads', 'incoming'),
    resumable: path.join(options.dataDir, 'uploads', 'resumable'),
    mediaDir: options.mediaDir,
  };
  const claimer = randomId(16);
  const store = options.store ?? createLocalDiskStore(options.mediaDir);
  const policy = options.policy ?? postModeration;
  const waiters = new Map<string, Set<() => void>>();
  let pool: ProcessingPool | undefined;
  let running = 0;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  let lastSweep = Date.now();

  const notify = (id: string) => {
    for (const wake of waiters.get(id) ?? []) wake();
    waiters.delete(id);
  };

  /** A rejection handler that tells the operator what failed, for work nobody else awaits. */
  const logged = (what: string) => (err: Error) => options.log?.(`${what}: ${err.message}`);

  async function processOne(upload: UploadRow): Promise<void> {
    const stagingDir = path.join(dirs.mediaDir, STAGING_PREFIX + upload.id);
    const input = path.join(dirs.incoming, upload.id);
    let progress = 0;
    const started = Date.now();
    const beat = setInterval(
      () => void heartbeat(db, upload.id, claimer, progress).catch(logged(`upload ${upload.id}: heartbeat`)),
      PROCESSING_HEARTBEAT_MS,
    );
    try {
      await fs.rm(stagingDir, { recursive: true, force: true });
      options.review?.warm?.();
      pool ??= createProcessingPool(settings.concurrency);
      const outcome = await pool.run(
        {
          input,
          filename: upload.filename,
          stagingDir,
          limits: settings.limits,
          asSticker: upload.fields.is_sticker === true,
          decoder: options.decoder,
        },
        (p) => {
          progress = p;
        },
      );
      if (!outcome.ok) throw new UploadProblem(outcome.code, outcome.message, outcome.detail);
      const review = await options.review?.(
        { uploadId: upload.id, gifId: upload.gif_id, userId: upload.user_id, fields: upload.fields, processed: outcome.result },
        stagingDir,
      );
      await commitUpload(db, {
        upload,
        processed: outcome.result,
        stagingDir,
        store,
        policy,
        trust: settings.trust,
        ...(review ? { review } : {}),
        ...(options.linkOrigin ? { linkOrigin: options.linkOrigin } : {}),
      });
      options.onCommitted?.(upload.gif_id);
      options.log?.(`upload ${upload.id} done in ${Date.now() - started} ms: ${outcome.result.type} ${upload.gif_id}`);
    } catch (err) {
      // Stopping ends the worker threads: the upload stays claimed, and the next start takes it back with its file.
      if (stopped) return;
      const problem =
        err instanceof UploadProblem
          ? err
          : err instanceof MediaStoreUnavailable
            ? new UploadProblem(
                'storage_unavailable',
                'Media storage is unreachable; nothing was kept. Upload the file again in a little while',
              )
            : undefined;
      options.log?.(
        problem
          ? `upload ${upload.id} refused: ${problem.code}${problem.detail ? ` (${problem.detail.slice(0, 500)})` : ''}`
          : `upload ${upload.id} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      await failUpload(db, upload.id, problem?.code ?? 'corrupt', problem?.message ?? 'The file could not be processed').catch(
        logged(`upload ${upload.id}: recording the failure (recovery takes it back)`),
      );
      await fs.rm(stagingDir, { recursive: true, force: true });
    } finally {
      clearInterval(beat);
      if (!stopped) {
        await fs.rm(input, { force: true });
        notify(upload.id);
      }
    }
  }

  async function pump(): Promise<void> {
    while (!stopped && running < settings.concurrency) {
      // Processes behind one edge each have their own data directory: one takes only the uploads it received.
      const received = await fs.readdir(dirs.incoming).catch(() => []);
      const upload = await claimNextUpload(db, claimer, received);
      if (!upload) break;
      running += 1;
      const job = processOne(upload).finally(() => {
        running -= 1;
        inFlight.delete(job);
        wake();
      });
      inFlight.add(job);
    }
  }
  const wake = () => void pump().catch(logged('uploads'));

  async function tick(): Promise<void> {
    // Several processes on one PostgreSQL: another's interrupted uploads are taken back once their heartbeat is stale.
    if (!options.alone && Date.now() - lastSweep > PROCESSING_STALE_MS) {
      lastSweep = Date.now();
      await recoverUploads(db, dirs, { alone: false, claimer, store });
    }
    await pump();
  }

  return {
    settings,
    decoder: options.decoder,
    dirs,
    db,
    newIds: () => ({ uploadId: randomId(24), gifId: randomId(18) }),
    incomingPath: (uploadId) => path.join(dirs.incoming, uploadId),
    begin: (row) =>
      reserveUpload(db, row, async (trx) => quotaAt(await trustOf(trx, row.userId, settings.trust), settings.quota, settings.trust)),
    discard: (uploadId) => discardReceiving(db, uploadId),
    async quotaOf(userId) {
      const trust = await trustOf(db, userId, settings.trust);
      return { ...presentQuota(await quotaUsage(db, userId), quotaAt(trust, settings.quota, settings.trust)), trust };
    },
    async queue(uploadId, file, size) {
      const target = path.join(dirs.incoming, uploadId);
      if (path.resolve(file) !== target) await fs.rename(file, target);
      await setUploadState(db, uploadId, 'queued', { size });
      wake();
    },
    fetchThenQueue(uploadId, url) {
      const file = path.join(dirs.incoming, uploadId);
      const job = (async () => {
        try {
          const fetched = await fetchToFile(url, file, { maxBytes: settings.limits.maxBytes, allow: settings.urlAllow });
          await db.updateTable('uploads').set({ filename: fetched.filename }).where('id', '=', uploadId).execute();
          await setUploadState(db, uploadId, 'queued', { size: fetched.bytes });
          wake();
        } catch (err) {
          const problem =
            err instanceof UploadProblem ? err : new UploadProblem('url_unreachable', 'source_image_url could not be fetched');
          // The caller sees one message; why it failed (resolution, connection, status) is the operator's.
          options.log?.(
            `upload ${uploadId} fetch refused: ${problem.code}${problem.detail ? ` (${problem.detail.slice(0, 500)})` : ''}${err instanceof UploadProblem ? '' : ` (${String(err)})`}`,
          );
          await failUpload(db, uploadId, problem.code, problem.message).catch(logged(`upload ${uploadId}: recording the failure`));
          await fs.rm(file, { force: true });
          notify(uploadId);
        }
      })();
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
    },
    async waitFor(uploadId, ms) {
      const finished = (u: UploadRow | undefined) => !u || u.state === 'done' || u.state === 'failed';
      const now = await uploadById(db, uploadId);
      if (finished(now)) return now;
      await new Promise<void>((resolve) => {
        const set = waiters.get(uploadId) ?? new Set();
        const done = () => {
          clearTimeout(t);
          set.delete(done);
          resolve();
        };
        const t = setTimeout(done, ms);
        set.add(done);
        waiters.set(uploadId, set);
      });
      return uploadById(db, uploadId);
    },
    async start() {
      await fs.mkdir(dirs.incoming, { recursive: true });
      await fs.mkdir(dirs.resumable, { recursive: true });
      const report = await recoverUploads(db, dirs, { alone: options.alone, claimer, store });
      if (report.requeued || report.failed || report.removed.length)
        options.log?.(
          `uploads: recovered ${report.requeued} interrupted, failed ${report.failed}, removed ${report.removed.length} temporary files`,
        );
      stopped = false;
      timer = setInterval(() => void tick().catch((err: Error) => options.log?.(`uploads: ${err.message}`)), PROCESSOR_POLL_MS);
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pool?.close();
      pool = undefined;
      await Promise.allSettled([...inFlight]);
    },
  };
}
