/** The media store's numbers, each named once. */

/** Objects one putMany or delete sends at once. */
export const MEDIA_STORE_PARALLEL = 6;
/** Files larger than this go to a bucket in parts (multipart upload); smaller ones in one PUT. */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;
/** Parts of one multipart upload sent at once. */
export const MULTIPART_PARALLEL_PARTS = 4;
/** Tries of one bucket call (the SDK's standard retry strategy: exponential backoff with jitter, retrying throttles, 5xx and network errors). */
export const S3_MAX_ATTEMPTS = 4;
/** A bucket call that has not answered by then is taken as failed (and retried). */
export const S3_REQUEST_TIMEOUT_MS = 30_000;
export const S3_CONNECT_TIMEOUT_MS = 5_000;
/** What an upload refused because the bucket is unreachable asks the client to wait, in seconds. */
export const MEDIA_STORE_RETRY_AFTER_S = 30;
/** Files the media migration (npm run media:migrate) checks and copies at once. */
export const MIGRATE_PARALLEL = 8;
/** Without a terminal, the migration prints a progress line every this many files. */
export const MIGRATE_PROGRESS_EVERY_FILES = 500;
/** GIF ids looked up, or keys recorded, per database statement. */
export const MIGRATE_DB_BATCH = 500;
