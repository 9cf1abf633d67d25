import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { contentTypeOf } from './keys.ts';
import type { MediaStore } from './media-store.ts';

type Db = Pick<Kysely<Database>, 'selectFrom' | 'insertInto' | 'deleteFrom'>;

/** The keys recorded for a GIF (migration 025), what deleting its media deletes. */
export async function gifObjectKeys(db: Db, gifId: string): Promise<string[]> {
  const rows = await db.selectFrom('gif_media_objects').select('key').where('gif_id', '=', gifId).orderBy('key').execute();
  return rows.map((r) => r.key);
}

/**
 * Stores every file of a finished rendition folder as `{gifId}/{file}`, several at once, the keys
 * recorded first: a process killed midway leaves keys that say what to delete. The files are work
 * files (moved into place on the local disk); the GIF is visible only once its row is committed
 * after this, so no one is ever served a GIF with files missing. Answers the keys.
 */
export async function storeGifFiles(db: Db, store: MediaStore, gifId: string, dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  const keys = files.map((file) => `${gifId}/${file}`);
  if (keys.length === 0) return keys;
  await db
    .insertInto('gif_media_objects')
    .values(keys.map((key) => ({ gif_id: gifId, key })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await store.putMany(
    files.map((file, i) => ({
      key: keys[i] as string,
      body: { file: path.join(dir, file), move: true },
      contentType: contentTypeOf(file),
    })),
  );
  return keys;
}

/** Deletes a GIF's recorded objects from the store, then their records (a store that fails keeps them, to be tried again). */
export async function deleteGifObjects(db: Db, store: MediaStore, gifIds: readonly string[]): Promise<number> {
  if (gifIds.length === 0) return 0;
  const rows = await db.selectFrom('gif_media_objects').select('key').where('gif_id', 'in', gifIds).execute();
  await store.delete(rows.map((r) => r.key));
  await db.deleteFrom('gif_media_objects').where('gif_id', 'in', gifIds).execute();
  return rows.length;
}
