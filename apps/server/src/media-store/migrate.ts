import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { MIGRATE_DB_BATCH, MIGRATE_PARALLEL } from './constants.ts';
import { contentTypeOf, isMediaKey } from './keys.ts';
import type { MediaStore } from './media-store.ts';
import { eachLimited } from './parallel.ts';

/** A file of the media folder the migration copies. */
export interface MediaFile {
  key: string;
  file: string;
  size: number;
}

/** What a migration pass did; `found` is always copied + alreadyThere + failed + vanished + notTried. */
export interface MigrationCount {
  found: number;
  bytesFound: number;
  copied: number;
  bytesCopied: number;
  /** In the bucket already with the same size (HEAD): not sent again. */
  alreadyThere: number;
  /** The keys that could not be checked or copied. */
  failed: string[];
  /** Deleted from the media folder after the walk found them (a replaced avatar, a retention pass). */
  vanished: number;
  /** Left for the next run by `limit`. */
  notTried: number;
  /** Files under the media folder that are no media key (skipped, never copied). */
  ignored: string[];
  /** GIF folders whose keys were recorded (new records and ones already there). */
  gifsRecorded: number;
}

export interface MigrateOptions {
  mediaDir: string;
  store: MediaStore;
  /** Without a database (the embedded store held by a running server) keys are not recorded: the next pass with it does. */
  db?: Kysely<Database> | undefined;
  parallel?: number;
  /** At most this many files sent (checked ones already there do not count); the rest are left for the next run. */
  limit?: number;
  /** Called once the walk has found every file, with their number and bytes. */
  onStart?(total: { files: number; bytes: number }): void;
  /** Called after each file is done (copied, already there, failed or vanished). */
  onFile?(done: { files: number; bytes: number }): void;
}

/**
 * Walks the media folder: every file whose path is a media key, hidden work folders and files
 * (`.staging-*`, `.tmp-*`) not entered; other files are answered as ignored. Sorted by key.
 */
export async function walkMediaFolder(mediaDir: string): Promise<{ files: MediaFile[]; ignored: string[] }> {
  const root = path.resolve(mediaDir);
  const files: MediaFile[] = [];
  const ignored: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await fs
      .readdir(dir, { withFileTypes: true })
      .catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await visit(full);
        continue;
      }
      const key = path.relative(root, full).split(path.sep).join('/');
      if (!entry.isFile() || !isMediaKey(key)) {
        ignored.push(key);
        continue;
      }
      const stat = await fs.stat(full).catch(() => null);
      if (stat) files.push({ key, file: full, size: stat.size });
    }
  };
  await visit(root);
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { files, ignored };
}

/**
 * Records the keys of every GIF folder found (a top folder named by a row of `gifs`) in
 * `gif_media_objects`, as an upload does before putting its files: GIFs stored before migration
 * 025 have none, and a removal's retention deletes a GIF's objects by these keys. Idempotent.
 * Answers how many GIFs' keys are recorded.
 */
export async function recordGifKeys(db: Kysely<Database>, files: readonly MediaFile[]): Promise<number> {
  const byFolder = new Map<string, string[]>();
  for (const { key } of files) {
    const folder = key.slice(0, key.indexOf('/'));
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), key]);
  }
  const folders = [...byFolder.keys()];
  const gifIds: string[] = [];
  for (let i = 0; i < folders.length; i += MIGRATE_DB_BATCH) {
    const rows = await db
      .selectFrom('gifs')
      .select('id')
      .where('id', 'in', folders.slice(i, i + MIGRATE_DB_BATCH))
      .execute();
    gifIds.push(...rows.map((r) => r.id));
  }
  const records = gifIds.flatMap((gifId) => (byFolder.get(gifId) ?? []).map((key) => ({ gif_id: gifId, key })));
  for (let i = 0; i < records.length; i += MIGRATE_DB_BATCH) {
    await db
      .insertInto('gif_media_objects')
      .values(records.slice(i, i + MIGRATE_DB_BATCH))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return gifIds.length;
}

/**
 * One pass of copying the media folder into a bucket (`npm run media:migrate`): the GIFs' keys
 * recorded first, then each file HEADed in the bucket and put (with its content type) unless an
 * object of the same size is there, several at once. Resumable because that check is per key:
 * an interrupted pass, run again, sends only what is missing. Never lists the bucket.
 */
export async function migrateMedia(options: MigrateOptions): Promise<MigrationCount> {
  const { files, ignored } = await walkMediaFolder(options.mediaDir);
  const count: MigrationCount = {
    found: files.length,
    bytesFound: sum(files),
    copied: 0,
    bytesCopied: 0,
    alreadyThere: 0,
    failed: [],
    vanished: 0,
    notTried: 0,
    ignored,
    gifsRecorded: 0,
  };
  options.onStart?.({ files: count.found, bytes: count.bytesFound });
  if (options.db) count.gifsRecorded = await recordGifKeys(options.db, files);
  let sends = 0;
  const done = { files: 0, bytes: 0 };
  const finished = (file: MediaFile) => {
    done.files += 1;
    done.bytes += file.size;
    options.onFile?.({ ...done });
  };
  await eachLimited(files, options.parallel ?? MIGRATE_PARALLEL, async (file) => {
    try {
      const stored = await options.store.head(file.key);
      if (stored && stored.size === file.size) {
        count.alreadyThere += 1;
        return finished(file);
      }
      if (options.limit !== undefined && sends >= options.limit) {
        count.notTried += 1;
        return;
      }
      sends += 1;
      if (!(await exists(file.file))) {
        count.vanished += 1;
        return finished(file);
      }
      await options.store.put({ key: file.key, body: { file: file.file }, contentType: contentTypeOf(file.key) });
      count.copied += 1;
      count.bytesCopied += file.size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') count.vanished += 1;
      else count.failed.push(file.key);
    }
    finished(file);
  });
  count.failed.sort();
  return count;
}

const sum = (files: readonly MediaFile[]) => files.reduce((total, f) => total + f.size, 0);
const exists = (file: string) =>
  fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
