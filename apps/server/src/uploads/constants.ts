/** The upload domain's numbers and names, each defined once (README, Creators and uploads). */

/** The defaults of the limits every upload is held to (each has a setting: UPLOAD_MAX_*). */
export const UPLOAD_LIMIT_DEFAULTS = {
  /** Bytes of one file as received. */
  maxBytes: 100 * 1024 * 1024,
  /** Seconds of animation or video. */
  maxDurationS: 60,
  /** Pixels of one frame (width × height), read from the header before anything is decoded. */
  maxPixels: 4096 * 4096,
  /** Frames of an animation (for a video: its duration × frame rate). */
  maxFrames: 3600,
} as const;

export type UploadLimits = { [K in keyof typeof UPLOAD_LIMIT_DEFAULTS]: number };

/**
 * Pixels an animated image (GIF, APNG, WebP) may make its decoder produce, frames × frame size:
 * images decode every frame at full size, so this bounds the CPU one upload can take. Clips are
 * bounded by duration instead (video decoders are far cheaper per pixel).
 */
export const IMAGE_MAX_DECODED_PIXELS = 2_000_000_000;

/**
 * What one creator may have going at once and send in a day (README, Creators: uploads): open
 * uploads (receiving, queued or processing: UPLOAD_OPEN_PER_CREATOR), bytes of uploads started this
 * UTC day (UPLOAD_MB_PER_DAY) and `source_image_url` fetches in flight (UPLOAD_URL_FETCHES_PER_CREATOR).
 */
export const UPLOAD_QUOTA_DEFAULTS = {
  openPerCreator: 5,
  bytesPerDay: 1024 * 1024 * 1024,
  urlFetchesPerCreator: 2,
} as const;

export type UploadQuota = { [K in keyof typeof UPLOAD_QUOTA_DEFAULTS]: number };

/**
 * Trust levels (uploads/trust.ts; README, Creators: uploads): a `user` is a new account until this
 * many of their GIFs were approved by a moderator (TRUST_APPROVED_UPLOADS); until then each upload
 * waits in the review queue (open by its link, listed nowhere).
 */
export const TRUST_APPROVED_UPLOADS_DEFAULT = 3;

/**
 * A new account's quota, lower than UPLOAD_QUOTA_DEFAULTS (NEW_ACCOUNT_UPLOAD_OPEN,
 * NEW_ACCOUNT_UPLOAD_MB_PER_DAY, NEW_ACCOUNT_UPLOAD_URL_FETCHES): a handful of GIFs a day, as much
 * as the moderators can review, and no bulk fetching from URLs. A GIF is rarely over 10 MB.
 */
export const NEW_ACCOUNT_QUOTA_DEFAULTS = {
  openPerCreator: 2,
  bytesPerDay: 100 * 1024 * 1024,
  urlFetchesPerCreator: 1,
} as const satisfies UploadQuota;

/** Retry-After for a creator with too many open uploads: about one processing turn. */
export const OPEN_UPLOADS_RETRY_S = 30;

/**
 * The fair queue's memory: a creator's uploads claimed within this long count as served, and the
 * next upload claimed is the one with the fewest served-plus-queued-before-it of its creator.
 */
export const FAIR_SHARE_WINDOW_MS = 60 * 60 * 1000;

/** Uploads processed at once, each in its own worker thread (UPLOAD_CONCURRENCY). */
export const UPLOAD_CONCURRENCY_DEFAULT = 1;

/**
 * The GIF renditions are made from frames decoded at most this large (the longer side), at most
 * this many frames a second, and at most this many pixels in all frames together: the decoded
 * frames of one upload stay under about 160 MB whatever the file claims. A clip keeps its own
 * size in its video rendition.
 */
export const RENDITION_MAX_SIDE = 480;
export const RENDITION_MAX_FPS = 25;
export const RENDITION_MAX_TOTAL_PIXELS = 40_000_000;

/**
 * How long the one ffmpeg run making an upload's renditions may take: a 2 MB GIF of 210 frames
 * outlasted the media pipeline's 60 s default on two shared, busy cores (`npm run bench -- uploads`).
 */
export const RENDITIONS_TIMEOUT_MS = 5 * 60 * 1000;

/** A clip becomes type `video` (its video kept and shown as one) when it has sound or runs longer than this. */
export const CLIP_VIDEO_AFTER_S = 15;
/** The kept video rendition of a clip: at most this high (its width follows), H.264 with AAC sound. */
export const CLIP_VIDEO_MAX_HEIGHT = 720;

/** `source_image_url` fetches: how long the whole transfer may take, and how many redirects are followed. */
export const URL_FETCH_TIMEOUT_MS = 20_000;
export const URL_FETCH_MAX_REDIRECTS = 3;

/** Resumable (tus) uploads not finished within this long are deleted. */
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** The largest chunk the dashboard sends in one PATCH (each within the edge's upstream timeout). */
export const RESUMABLE_CHUNK_BYTES = 5 * 1024 * 1024;

/**
 * An upload whose processing has not reported for this long belongs to a process that is gone
 * (killed mid-processing); a starting server takes it back and sweeps its temporary files.
 */
export const PROCESSING_STALE_MS = 2 * 60 * 1000;
/**
 * With several processes on one store, a queued upload no process took within this long fails: only
 * the process that received its file can process it (README, Running at scale), so that process is
 * gone for good, or the queue is a day behind. Either way the creator is told to upload again rather
 * than wait on it forever. A process alone on its store never expires its own queue.
 */
export const QUEUED_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** How often processing reports that it is alive (and its progress). */
export const PROCESSING_HEARTBEAT_MS = 5_000;
/** An upload interrupted this many times (a crash each time) fails instead of being tried again. */
export const PROCESSING_MAX_ATTEMPTS = 3;
/** How often the processor looks for queued uploads when nothing woke it. */
export const PROCESSOR_POLL_MS = 2_000;

/** The API answers once processing is done, or after this long with the id (processing goes on). */
export const API_ANSWER_WITHIN_MS = 8_000;

/** What an upload may be titled and tagged with. */
export const TITLE_MAX = 140;
export const TAG_MAX = 50;
export const TAGS_MAX = 30;

/** Temporary names: rendition folders being made inside the media folder (never served: a leading dot). */
export const STAGING_PREFIX = '.tmp-upload-';

/**
 * How many times its shorter side a file's longer side may be: the fixed renditions scale the
 * shorter side to 100 or 200 px, so at this ratio the longest is 6400 px (WebP stops at 16383).
 */
export const UPLOAD_MAX_ASPECT_RATIO = 32;
