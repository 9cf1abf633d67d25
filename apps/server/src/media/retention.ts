import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createPasses, type Passes } from '../background/passes.ts';
import { appendEvents } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { MEDIA_RETENTION_BATCH, MEDIA_RETENTION_INTERVAL_MS } from './constants.ts';
import { mediaGifId } from './door.ts';
import { deleteGifObjects } from '../media-store/gif-objects.ts';
import { createLocalDiskStore } from '../media-store/local-disk.ts';
import type { MediaStore } from '../media-store/media-store.ts';

export interface RetentionOptions {
  /** Days a removed GIF's files are kept after its removal (REMOVED_MEDIA_RETENTION_DAYS). */
  retentionDays: number;
  batchSize?: number;
}

/**
 * Removed GIFs' files (by their owner, a moderation decision or a takedown) are deleted from the
 * media folder once the retention period has passed since their removal: until then staff can undo
 * a wrongful removal; the content policy serves them to no one else meanwhile. Runs every
 * `intervalMs`, in each process (rows are claimed with SKIP LOCKED).
 */
export function createMediaRetention(
  db: Kysely<Database>,
  media: RetentionMedia,
  options: RetentionOptions & { intervalMs?: number; log?: (line: string) => void },
): Passes<number> {
  return createPasses(() => deleteExpiredMedia(db, media, options), {
    intervalMs: options.intervalMs ?? MEDIA_RETENTION_INTERVAL_MS,
    onError: (err) => options.log?.(`media retention: pass failed: ${err.message}`),
  });
}

/**
 * Where removed GIFs' files are deleted from: the media store (their recorded keys), and on the local
 * disk also their folder (GIFs stored before their keys were recorded). A folder alone is the local disk.
 */
export type RetentionMedia = string | { store: MediaStore; mediaDir?: string | undefined };

/**
 * One pass, in batches: each batch locks its GIFs' rows, deletes their objects by their recorded
 * keys (never listing a bucket) and on the local disk their folders (already gone is fine), sets
 * `media_deleted_at` and logs `gif.media_deleted` before it commits, so a restore racing the pass
 * either comes first (the GIF is no longer due) or waits and finds `media_deleted_at` set. A store
 * that fails rolls the batch back for the next pass. Answers how many GIFs' files were deleted; a
 * second pass finds none.
 */
export async function deleteExpiredMedia(db: Kysely<Database>, media: RetentionMedia, options: RetentionOptions): Promise<number> {
  const batchSize = options.batchSize ?? MEDIA_RETENTION_BATCH;
  const { store, mediaDir } = typeof media === 'string' ? { store: createLocalDiskStore(media), mediaDir: media } : media;
  const root = mediaDir === undefined ? undefined : path.resolve(mediaDir);
  let deleted = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('gifs')
        .select(['id', 'removal', 'removed_at'])
        .where('removal', 'is not', null)
        .where('media_deleted_at', 'is', null)
        .where('removed_at', '<', sql<Date>`now() - make_interval(days => ${options.retentionDays})`)
        .orderBy('removed_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return 0;
      const ids = due.map((g) => g.id);
      await deleteGifObjects(trx, store, ids);
      for (const id of root === undefined ? [] : ids) {
        const folder = gifFolder(root as string, id);
        if (folder) await fs.rm(folder, { recursive: true, force: true });
      }
      await trx.updateTable('gifs').set({ media_deleted_at: sql`now()` }).where('id', 'in', ids).execute();
      await appendEvents(
        trx,
        due.map((g) => ({
          type: 'gif.media_deleted',
          stream: 'gif',
          streamId: g.id,
          payload: { removal: g.removal, removed_at: g.removed_at?.toISOString() ?? null, retention_days: options.retentionDays },
        })),
      );
      return due.length;
    });
    deleted += done;
    if (done < batchSize) return deleted;
  }
}

/** A GIF's media folder; none for an id the media door would never serve as a GIF's (`avatars`, `..`, a slash). */
function gifFolder(root: string, id: string): string | null {
  return /^[A-Za-z0-9_-]+$/.test(id) && mediaGifId(`${id}/`) === id ? path.join(root, id) : null;
}
