import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AuthEnv } from '../auth/context.ts';
import { gifStates, mediaAccess } from '../media/door.ts';
import type { Decoder } from '../media/ffmpeg-binary.ts';
import { createRenderQueue, type RenderQueue } from '../media/render-queue.ts';
import { RenderRefused } from '../media/render-refused.ts';
import { ApiError } from '../http/envelope.ts';
import { DURATION_HEADER, FRAMES_HEADER, TRIM_CONCURRENCY, TRIM_EXPECTED_MS, TRIM_MAX_WAIT_MS, TRIM_QUEUE } from './constants.ts';
import type { ImagingSettings } from './settings.ts';
import type { SourceContext } from './source.ts';
import type { Database } from '../store/schema.ts';
import type { Trimmed } from './trim.ts';
import type { MediaStore } from '../media-store/media-store.ts';

/** What the service's routes share: where media and scratch space are, its settings, and one queue for all its work. */
export interface WorkDeps {
  /** The shared store: whether anyone may open a GIF whose media a source names. */
  db: Kysely<Database>;
  mediaDir: string;
  /** Where this server's media are read from (MEDIA_STORE); the local disk under `mediaDir` when absent. */
  mediaStore?: MediaStore | undefined;
  /** Scratch space for received and fetched sources and the renditions being made. */
  workDir: string;
  publicUrl?: string | undefined;
  settings: ImagingSettings;
  /** The maintained ffmpeg found at start: sources are anyone's files (media/ffmpeg-binary.ts). */
  decoder: Decoder;
  queue: RenderQueue;
}

/** The maintained ffmpeg a trim or render decodes with; without one, 503 saying what is missing (asked after the caller is authorised). */
export function decoderOf(deps: Pick<WorkDeps, 'decoder'>): string {
  if (deps.decoder.ffmpeg === null) throw new ApiError(503, deps.decoder.refusal);
  return deps.decoder.ffmpeg;
}

/** Trims and renders share one bounded queue: each costs CPU like an upload. */
export const imagingQueue = () =>
  createRenderQueue({
    concurrency: TRIM_CONCURRENCY,
    queue: TRIM_QUEUE,
    maxWaitMs: TRIM_MAX_WAIT_MS,
    name: 'Imaging',
    expectedMs: TRIM_EXPECTED_MS,
  });

/** Runs `work` in a fresh scratch folder, removed afterwards whatever happens. */
export async function inScratch<T>(workDir: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(workDir, `work-${randomBytes(8).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs `work` when the queue has room; a full queue or a long wait is a 503 with Retry-After. */
export function queued<T>(queue: RenderQueue, work: () => Promise<T>): Promise<T> {
  return queue.run(work).catch((err: unknown) => {
    if (err instanceof RenderRefused) throw new ApiError(err.status, err.message, { 'Retry-After': String(err.retryAfterSeconds) });
    throw err;
  });
}

/** The origins whose `/media/…` URLs are this server's own media. */
const ownOrigins = (c: Context<AuthEnv>, publicUrl: string | undefined) => [
  new URL(c.req.url).origin,
  ...(publicUrl ? [new URL(publicUrl).origin] : []),
];

/** Where a request's source may come from (source.ts), fetched into `scratch` when from another host. */
export const sourceContext = (c: Context<AuthEnv>, deps: WorkDeps, scratch: string): SourceContext => ({
  mediaDir: deps.mediaDir,
  store: deps.mediaStore,
  ownOrigins: ownOrigins(c, deps.publicUrl),
  settings: deps.settings,
  access: (gifId) => mediaAccess(gifStates(deps.db), gifId),
  scratch,
});

/** A made file as the answer: its bytes, what it holds in headers, never cached. */
export function fileAnswer(made: Trimmed, filename: string): Response {
  return new Response(new Uint8Array(made.bytes), {
    headers: {
      'Content-Type': made.type,
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      [FRAMES_HEADER]: String(made.frames),
      [DURATION_HEADER]: String(made.duration),
      'Access-Control-Expose-Headers': `${FRAMES_HEADER}, ${DURATION_HEADER}`,
    },
  });
}
