import { createLocalDiskStore } from './local-disk.ts';
import type { MediaStore } from './media-store.ts';
import { createS3Store, type S3Settings } from './s3.ts';

/** MEDIA_STORE and its settings, as config.ts reads them. */
export type MediaStoreSettings = { kind: 'local'; mediaDir: string } | ({ kind: 's3' } & S3Settings);

/** The one place a media store is chosen; the platform is given it (no store lives at module level). */
export function createMediaStore(settings: MediaStoreSettings): MediaStore {
  return settings.kind === 's3' ? createS3Store(settings) : createLocalDiskStore(settings.mediaDir);
}
