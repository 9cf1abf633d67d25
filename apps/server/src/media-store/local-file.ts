import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MediaStore } from './media-store.ts';

/**
 * A stored object as a file on this machine, for readers that need a path (ffmpeg, feature
 * extraction): the local disk's own file, or the object downloaded into `scratch` (the caller
 * removes it). Null when no such object is stored.
 */
export async function fileOf(store: MediaStore, key: string, scratch: string): Promise<string | null> {
  if (store.localPath) return (await store.head(key)) ? store.localPath(key) : null;
  const read = await store.read(key);
  if (!read) return null;
  await pipeline(read.body, fs.createWriteStream(scratch));
  return scratch;
}
