/** The media domain's numbers, each named once. Durations in milliseconds unless the name says seconds. */

/** The longest message drawn as a text sticker, in characters (code points, after trimming). */
export const TEXT_MAX_CHARS = 50;

/** On-demand text rendering (text/animate and dynamic text search): the defaults of its settings. */
export const TEXT_RENDER_DEFAULTS = {
  /** Messages rendered at once; each renders its four styles in parallel (ffmpeg + sharp, about 2.5 s of CPU). */
  concurrency: 1,
  /** Messages waiting for a render slot; one more is refused with 503 and Retry-After. */
  queue: 4,
  /** Bytes the rendered stickers may take on disk; the least recently used are deleted beyond it. */
  cacheBytes: 256 * 1024 * 1024,
  /** New renders (cache hits are free) per API key, and per client address, in each budget window. */
  budgetPerKey: 30,
  budgetPerAddress: 10,
  /**
   * A caller waits for its render at most this long: past it, 503 with Retry-After while the render
   * finishes and is kept for the retry, so no answer waits past the edge's upstream timeout (10 s)
   * on a machine too busy to render in time.
   */
  answerWithinMs: 8_000,
  /**
   * A queued render that has not started by then is refused (503) instead of being made: its caller
   * would otherwise wait past the edge's upstream timeout (10 s) and get a 504 for a render it never sees.
   */
  maxWaitMs: 5_000,
} as const;

/** The window of the per-key and per-address render budgets. */
export const TEXT_RENDER_BUDGET_WINDOW_S = 60;

/** What a render is expected to take before any has been timed; Retry-After estimates start from it. */
export const TEXT_RENDER_EXPECTED_MS = 2_500;

/** Directories of on-demand text renders: `txt` and 17 letters or digits (see textStickerId). */
export const TEXT_RENDER_DIR = /^txt[A-Za-z0-9]{17}$/;

/** Folders of the media directory that hold no GIF's files: user avatars and channel images, open to anyone. */
export const OTHER_MEDIA_FOLDERS: readonly string[] = ['avatars', 'channels'];

/** Removed and taken-down GIFs' files are deleted this many days after their removal (REMOVED_MEDIA_RETENTION_DAYS). */
export const REMOVED_MEDIA_RETENTION_DAYS_DEFAULT = 30;
/** How often the retention pass looks for removed GIFs' files past the retention period. */
export const MEDIA_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** GIF states the media door keeps between changes of the embedded store (media/door.ts). */
export const MEDIA_STATES_KEPT = 10_000;
/** GIFs one retention transaction deletes the files of (each holds their rows locked while their folders go). */
export const MEDIA_RETENTION_BATCH = 20;

/**
 * The oldest ffmpeg that may decode untrusted bytes (uploads, fetched URLs, trims): Debian
 * bookworm's, which gets security updates. Older ones, and builds that do not say their version,
 * are refused (media/ffmpeg-binary.ts).
 */
export const FFMPEG_MIN_VERSION = { major: 5, minor: 1 } as const;
/** Encoders and filters the media pipeline uses; an ffmpeg lacking one cannot make renditions. */
export const FFMPEG_REQUIRED_ENCODERS = ['libx264', 'libwebp_anim', 'gif', 'aac'] as const;
/** How long `ffmpeg -version` may take at start before the binary is taken as unusable. */
export const FFMPEG_CHECK_TIMEOUT_MS = 15_000;
