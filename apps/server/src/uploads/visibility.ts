import type { UploadFields, Visibility } from './schema.ts';
import type { ProcessedUpload } from './process.ts';

/** What the policy sees of a finished upload, just before its GIF is committed. */
export interface NewUpload {
  uploadId: string;
  gifId: string;
  userId: number;
  fields: UploadFields;
  processed: ProcessedUpload;
}

/**
 * The one place a new upload's visibility is decided, inside the transaction that commits it.
 * Moderation (issue 19) replaces the policy: a pre-moderating one answers `private` and queues the
 * GIF for review (an NSFW classifier can read `processed` and the files in the staging folder);
 * the default is post-moderation: the GIF is shown as its creator chose, and reviewed afterwards.
 */
export type VisibilityPolicy = (upload: NewUpload) => Promise<Visibility> | Visibility;

export const postModeration: VisibilityPolicy = (upload) => upload.fields.visibility ?? 'public';
