import path from 'node:path';

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+){1,3}$/;

/**
 * Whether `key` may name a stored object: the media paths `/media/` serves (letters, digits, `_`,
 * `-`, `.`, two to four segments), no segment starting with a dot (so no `..` and no hidden
 * work file). Every store refuses other keys, so no key can leave the media root.
 */
export function isMediaKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((p) => p.startsWith('.'));
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}

/** What `/media/` serves, by extension: every other stored file (a render's rendition list) is the store's alone. */
const SERVED_TYPES: Record<string, string> = {
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};
const CONTENT_TYPES: Record<string, string> = { ...SERVED_TYPES, '.json': 'application/json' };

/** The content type a media file is stored with, by its extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';
}

/** The content type `/media/{key}` is served with; null for a key the media door never serves. */
export function servedTypeOf(key: string): string | null {
  const type = SERVED_TYPES[path.extname(key)];
  return type && isMediaKey(key) ? type : null;
}
