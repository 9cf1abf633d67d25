import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { FieldError } from '../http/envelope.ts';
import type { MediaStore } from '../media-store/media-store.ts';
import { pictureFormat } from '../media/picture-format.ts';
import { BANNER_SIZE, CHANNEL_AVATAR_SIZE, CHANNEL_IMAGE_MAX_BYTES } from './constants.ts';

const MAX_PIXELS = 40_000_000;

/**
 * A channel's banner (cropped to 1040×260) or avatar (a 200×200 square), decoded by sharp once its
 * first bytes show a JPEG, PNG, WebP or GIF (SVG and every other type refused before decoding),
 * stored as JPEG under a fresh name (media is cached as immutable, so a new picture needs a new
 * URL). Returns its key (the path below `/media/`).
 */
export async function saveChannelImage(
  store: MediaStore,
  channelId: number,
  kind: 'banner' | 'avatar',
  bytes: Uint8Array,
): Promise<string> {
  if (bytes.byteLength > CHANNEL_IMAGE_MAX_BYTES)
    throw new FieldError(413, kind, `${kind} must be at most ${CHANNEL_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  const size = kind === 'banner' ? BANNER_SIZE : { width: CHANNEL_AVATAR_SIZE, height: CHANNEL_AVATAR_SIZE };
  const refused = () => new FieldError(400, kind, `${kind} must be a JPEG, PNG, WebP or GIF picture`);
  const format = pictureFormat(bytes);
  if (!format) throw refused();
  let image: Buffer;
  try {
    const decoded = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false });
    if ((await decoded.metadata()).format !== format) throw refused();
    image = await decoded
      .rotate()
      .resize({ ...size, fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw refused();
  }
  const relative = `channels/${channelId}/${randomBytes(8).toString('hex')}-${kind}.jpg`;
  await store.put({ key: relative, body: image, contentType: 'image/jpeg' });
  return relative;
}

/** Deletes a picture saveChannelImage wrote (anything else is left alone). */
export async function removeChannelImage(store: MediaStore, relative: string | null | undefined): Promise<void> {
  if (!relative || !/^channels\/\d+\/[0-9a-f]{16}-(banner|avatar)\.jpg$/.test(relative)) return;
  await store.delete([relative]);
}
