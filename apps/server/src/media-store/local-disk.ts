import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_STORE_PARALLEL } from './constants.ts';
import { assertMediaKey, contentTypeOf, isMediaKey } from './keys.ts';
import type { ByteRange, MediaStore, ObjectRead, PutItem, StoredObject } from './media-store.ts';
import { eachLimited } from './parallel.ts';

/**
 * Media under one folder of the local disk (DATA_DIR/media), the embedded default. A put writes a
 * hidden work file beside its target and renames it into place, so a reader sees the whole file or
 * none; a file given with `move` (a work file its maker no longer needs) is renamed in without a copy.
 * The entity tag is the file's size and modification time, as it always was.
 */
export function createLocalDiskStore(mediaDir: string): MediaStore & { pathOf(key: string): string; localPath(key: string): string } {
  const root = path.resolve(mediaDir);
  const pathOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, key);
  };
  const describe = (key: string, stat: fs.Stats): StoredObject => ({
    size: stat.size,
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    lastModified: stat.mtime,
    contentType: contentTypeOf(key),
  });
  const statOf = async (key: string) => {
    if (!isMediaKey(key)) return null;
    const stat = await fs.promises.stat(path.join(root, key)).catch(() => null);
    return stat?.isFile() ? stat : null;
  };

  async function put(item: PutItem): Promise<void> {
    const target = pathOf(item.key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const body = item.body;
    // A work file on the same file system is renamed in; from another (a temp folder elsewhere) it is copied.
    if (
      !(body instanceof Uint8Array) &&
      body.move &&
      (await fs.promises.rename(body.file, target).then(
        () => true,
        (err: NodeJS.ErrnoException) => (err.code === 'EXDEV' ? false : Promise.reject(err)),
      ))
    )
      return;
    const work = path.join(path.dirname(target), `.tmp-${randomBytes(6).toString('hex')}`);
    try {
      if (body instanceof Uint8Array) await fs.promises.writeFile(work, body);
      else await fs.promises.copyFile(body.file, work);
      await fs.promises.rename(work, target);
    } catch (err) {
      await fs.promises.rm(work, { force: true });
      throw err;
    }
  }

  return {
    kind: 'local',
    pathOf,
    localPath: pathOf,
    put,
    putMany: (items) => eachLimited(items, MEDIA_STORE_PARALLEL, put),
    async head(key) {
      const stat = await statOf(key);
      return stat ? describe(key, stat) : null;
    },
    async read(key: string, range?: ByteRange): Promise<ObjectRead | null> {
      const stat = await statOf(key);
      if (!stat) return null;
      const body = fs.createReadStream(path.join(root, key), range ? { start: range.start, end: range.end } : {});
      return { ...describe(key, stat), body };
    },
    async delete(keys) {
      await eachLimited(keys, MEDIA_STORE_PARALLEL, async (key) => {
        const file = pathOf(key);
        await fs.promises.rm(file, { force: true });
        // A GIF's folder goes with its last file; a folder still holding files stays.
        await fs.promises.rmdir(path.dirname(file)).catch(() => undefined);
      });
    },
  };
}
