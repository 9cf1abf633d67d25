import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { PROCESSING_MAX_ATTEMPTS, PROCESSING_STALE_MS, QUEUED_EXPIRY_MS, RESUMABLE_EXPIRY_MS, STAGING_PREFIX } from './constants.ts';
import { baseOf, type CreatorsDb } from './schema.ts';
import { deleteGifObjects } from '../media-store/gif-objects.ts';
import type { MediaStore } from '../media-store/media-store.ts';

export interface UploadDirs {
  /** Whole files received by the API or fetched from a URL, named by upload id. */
  incoming: string;
  /** The resumable (tus) store's files. */
  resumable: string;
  mediaDir: string;
}

export interface RecoveryReport {
  requeued: number;
  failed: number;
  removed: string[];
}

async function entries(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => []);
}

/**
 * Puts right what a killed process left: processing whose process is gone goes back to the queue
 * (or fails after PROCESSING_MAX_ATTEMPTS interruptions), transfers that died with their request
 * fail, and every temporary file no live upload needs is removed — half-made rendition folders, a
 * media folder moved into place by a commit that never happened, received files of finished
 * uploads, resumable uploads past their expiry. Shared with other processes, an upload queued for
 * QUEUED_EXPIRY_MS fails: the process holding its received file never came back. With `alone` (the embedded store: the data
 * directory's lock says no other process shares it) every processing upload is taken back at once;
 * otherwise only those whose heartbeat is older than PROCESSING_STALE_MS.
 */
export async function recoverUploads(
  db: CreatorsDb,
  dirs: UploadDirs,
  o: { alone: boolean; claimer: string; store?: MediaStore },
): Promise<RecoveryReport> {
  const staleBefore = new Date(Date.now() - (o.alone ? 0 : PROCESSING_STALE_MS));
  const report: RecoveryReport = { requeued: 0, failed: 0, removed: [] };
  const orphaned = db
    .selectFrom('uploads')
    .select('id')
    .where('state', '=', 'processing')
    .where((eb) => eb.or([eb('updated_at', '<=', staleBefore), eb('claimed_by', 'is', null)]))
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '<>', o.claimer)]));
  const gaveUp = await db
    .updateTable('uploads')
    .set({
      state: 'failed',
      error_code: 'interrupted',
      error: `Processing was interrupted ${PROCESSING_MAX_ATTEMPTS} times; upload the file again`,
      claimed_by: null,
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', 'in', orphaned)
    .where('attempts', '>=', PROCESSING_MAX_ATTEMPTS)
    .executeTakeFirst();
  report.failed += Number(gaveUp.numUpdatedRows);
  const requeued = await db
    .updateTable('uploads')
    .set({ state: 'queued', claimed_by: null, progress: 0, updated_at: new Date() })
    .where('id', 'in', orphaned)
    .executeTakeFirst();
  report.requeued += Number(requeued.numUpdatedRows);
  // A transfer through the API or from a URL lives as long as its request: one still receiving after a restart died with it.
  const cutOff = await db
    .updateTable('uploads')
    .set({
      state: 'failed',
      error_code: 'interrupted',
      error: 'The transfer was interrupted; upload the file again',
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('state', '=', 'receiving')
    .where((eb) => eb.or([eb('origin', '<>', 'resumable'), eb('created_at', '<', new Date(Date.now() - RESUMABLE_EXPIRY_MS))]))
    .where('updated_at', '<=', staleBefore)
    .executeTakeFirst();
  report.failed += Number(cutOff.numUpdatedRows);
  // Alone, this process holds every received file: an upload queued before a long stop is processed now.
  if (!o.alone) {
    const expired = await db
      .updateTable('uploads')
      .set({
        state: 'failed',
        error_code: 'interrupted',
        error: 'No server processed this upload within a day (the one that received it stopped); upload the file again',
        finished_at: new Date(),
        updated_at: new Date(),
      })
      .where('state', '=', 'queued')
      .where('updated_at', '<', new Date(Date.now() - QUEUED_EXPIRY_MS))
      .executeTakeFirst();
    report.failed += Number(expired.numUpdatedRows);
  }

  const live = await db.selectFrom('uploads').select('id').where('state', 'in', ['receiving', 'queued', 'processing']).execute();
  const liveIds = new Set(live.map((u) => u.id));
  const remove = async (file: string) => {
    await fs.rm(file, { recursive: true, force: true });
    report.removed.push(file);
  };
  // Staging folders are swept only for uploads this store knows (a media folder may be shared by test stores).
  const staging = (await entries(dirs.mediaDir))
    .filter((name) => name.startsWith(STAGING_PREFIX))
    .map((name) => name.slice(STAGING_PREFIX.length));
  const known = staging.length ? await db.selectFrom('uploads').select(['id', 'state']).where('id', 'in', staging).execute() : [];
  for (const upload of known) {
    if (upload.state !== 'processing') await remove(path.join(dirs.mediaDir, STAGING_PREFIX + upload.id));
  }
  // Files stored by a commit that never happened: its upload is not done and no GIF row names it.
  const unfinished = await sql<{ gif_id: string }>`
    SELECT u.gif_id FROM uploads u WHERE u.state IN ('receiving', 'queued', 'failed') AND NOT EXISTS (SELECT 1 FROM gifs g WHERE g.id = u.gif_id)`.execute(
    db,
  );
  const recorded = unfinished.rows.length
    ? await db
        .selectFrom('gif_media_objects')
        .select('gif_id')
        .distinct()
        .where(
          'gif_id',
          'in',
          unfinished.rows.map((r) => r.gif_id),
        )
        .execute()
    : [];
  // A store still unreachable keeps the keys recorded for the next recovery.
  if (
    o.store &&
    recorded.length &&
    (await deleteGifObjects(
      baseOf(db),
      o.store,
      recorded.map((r) => r.gif_id),
    ).then(
      () => true,
      () => false,
    ))
  ) {
    report.removed.push(...recorded.map((r) => `${r.gif_id}/*`));
  }
  for (const { gif_id } of unfinished.rows) {
    const dir = path.join(dirs.mediaDir, gif_id);
    if (await fs.stat(dir).catch(() => null)) await remove(dir);
  }
  for (const name of await entries(dirs.incoming)) {
    if (!liveIds.has(name.replace(/\..*$/, ''))) await remove(path.join(dirs.incoming, name));
  }
  for (const name of await entries(dirs.resumable)) {
    if (!liveIds.has(name.replace(/\..*$/, ''))) await remove(path.join(dirs.resumable, name));
  }
  return report;
}
