import type { Rating } from '../store/schema.ts';
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

/** What moderation (issue 19) says of a finished upload, kept on its GIF row by the commit. */
export interface UploadReview {
  moderation_state: 'none' | 'pending';
  nsfw_score: number | null;
  suggested_rating: Rating | null;
}

/**
 * Reviews an upload before its commit, outside the transaction (a classifier reads the staging
 * folder's files); `warm`, when given, is called as processing begins, so a model loads meanwhile.
 */
export type UploadReviewer = ((upload: NewUpload, stagingDir: string) => Promise<UploadReview>) & { warm?: () => void };
