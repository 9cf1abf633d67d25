/** Tag prediction's numbers, each defined once. */

/** Visual neighbours consulted per prediction, and the share of their (distance-weighted) votes a tag needs. */
export const NEIGHBOURS = 7;
export const NEIGHBOUR_MIN_SHARE = 0.4;
/** Tags suggested at most. */
export const MAX_SUGGESTIONS = 8;
/** OCR words kept: at least this long, at least this confident (tesseract's 0–100). */
export const OCR_MIN_WORD_LENGTH = 3;
export const OCR_MIN_CONFIDENCE = 70;
/** Frames one prediction may send, and the bytes of each. */
export const MAX_FRAMES = 8;
export const MAX_FRAME_BYTES = 2 * 1024 * 1024;
/** Frames are decoded no larger than this (the longer side): enough for captions, cheap for features. */
export const FRAME_MAX_SIDE = 480;
/** The OCR engine's thread is ended after this long unused (it holds ~100 MB). */
export const OCR_IDLE_MS = 60_000;
/** Features computed per pass for GIFs that have none yet (the seeded corpus, GIFs from before migration 010). */
export const BACKFILL_BATCH = 50;
