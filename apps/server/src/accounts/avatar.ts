import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { FieldError } from '../http/envelope.ts';
import type { MediaStore, PutItem } from '../media-store/media-store.ts';
import { AVATAR_VARIANTS } from '../media/avatars.ts';
import { pictureFormat } from '../media/picture-format.ts';
import { AVATAR_MAX_PIXELS, AVATAR_SIZE } from './constants.ts';

/** What an uploaded avatar's path looks like (seeded avatars are `avatar.jpg` and are never removed). */
const UPLOADED = /^avatars\/[A-Za-z0-9_]+\/[0-9a-f]{16}\.jpg$/;

/**
 * Decodes an uploaded picture (type by content, pixel count bounded), crops it square and stores it
 * with the 200h, 80h and 200w renditions (SPEC 3, 9) under a fresh name, since media is cached as
 * immutable. Returns its key (the path below `/media/`).
 */
export async function saveAvatar(store: MediaStore, username: string, bytes: Uint8Array): Promise<string> {
  const invalid = () => new FieldError(400, 'avatar', 'avatar must be a JPEG, PNG, WebP or GIF picture');
  const format = pictureFormat(bytes);
  if (!format) throw invalid();
  const meta = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS })
    .metadata()
    .catch(() => {
      throw invalid();
    });
  if (meta.format !== format) throw invalid();
  const name = randomBytes(8).toString('hex');
  const relative = `avatars/${username}/${name}.jpg`;
  let files: PutItem[];
  try {
    // The square first, then each rendition from it (a second resize on one pipeline would replace the crop).
    const square = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const variants = await Promise.all(
      Object.entries(AVATAR_VARIANTS).map(async ([variant, size]) => ({
        key: `avatars/${username}/${name}/${variant}.jpg`,
        body: await sharp(square).resize(size).jpeg({ quality: 85 }).toBuffer(),
        contentType: 'image/jpeg',
      })),
    );
    files = [{ key: relative, body: square, contentType: 'image/jpeg' }, ...variants];
  } catch {
    throw invalid();
  }
  try {
    await store.putMany(files);
  } catch (err) {
    await removeAvatar(store, relative).catch(() => undefined);
    throw err;
  }
  return relative;
}

/** Deletes an uploaded avatar and its renditions; anything else (seeded avatars, null) is left alone. */
export async function removeAvatar(store: MediaStore, relative: string | null): Promise<void> {
  if (!relative || !UPLOADED.test(relative)) return;
  const base = relative.replace(/\.jpg$/, '');
  await store.delete([relative, ...Object.keys(AVATAR_VARIANTS).map((variant) => `${base}/${variant}.jpg`)]);
}
