import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../boundary/json-body.ts';
import { hasControlCharacter } from '../boundary/text.ts';
import { createRenderQueue, type RenderQueue } from '../media/render-queue.ts';
import { RenderRefused } from '../media/render-refused.ts';
import { ApiError, FieldError } from '../public-api/envelope.ts';
import { presentParams } from '../public-api/params.ts';
import { receiveForm } from '../uploads/receive-form.ts';
import {
  DURATION_HEADER,
  FRAMES_HEADER,
  TRIM_CONCURRENCY,
  TRIM_EXPECTED_MS,
  TRIM_FORMATS,
  TRIM_MAX_DURATION_S,
  TRIM_MAX_WAIT_MS,
  TRIM_MIN_DURATION_S,
  TRIM_PATH,
  TRIM_QUEUE,
  TRIM_SOURCE_LIMITS,
} from './constants.ts';
import type { ImagingSettings } from './settings.ts';
import { sourceFile, type SourceRef } from './source.ts';
import { trimMedia } from './trim.ts';

export interface TrimDeps {
  mediaDir: string;
  /** Scratch space for received and fetched sources and the renditions being made. */
  workDir: string;
  publicUrl?: string | undefined;
  settings: ImagingSettings;
}

/** A number of seconds as JSON or a form gives it: a number, or a decimal written out. */
const secondsField = (name: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,6}(\.\d{1,6})?$/, `${name} must be a number of seconds`).transform(Number)], { error: `${name} must be a number of seconds` })
    .pipe(z.number({ error: `${name} must be a number of seconds` }).min(min, `${name} must be at least ${min} s`).max(max, `${name} must be at most ${max} s`));

const TrimFields = z.object({
  media_url: z
    .string({ error: 'media_url must be a URL' })
    .min(1, 'media_url must be a URL')
    .max(2000, 'media_url must be at most 2000 characters')
    .refine((u) => !hasControlCharacter(u), 'media_url must not contain control characters')
    .optional(),
  start: secondsField('start', 0, TRIM_SOURCE_LIMITS.maxDurationS),
  duration: secondsField('duration', TRIM_MIN_DURATION_S, TRIM_MAX_DURATION_S),
  format: z.enum(Object.keys(TRIM_FORMATS) as [keyof typeof TRIM_FORMATS], { error: `format must be one of ${Object.keys(TRIM_FORMATS).join(', ')}` }).default('gif'),
});
type TrimInput = z.infer<typeof TrimFields>;

/**
 * `GET /imaging/trim?media_url=&start=&duration=[&format=]` and `POST /imaging/trim` (a form with
 * `file` or `media_url`, or JSON with `media_url`): the segment as a new GIF (or MP4, WebP), made by
 * the media pipeline, to upload as a new item. The answer is the file itself, with its frame count
 * and duration in headers. Creators and staff may trim (permission `media.trim`), by token or session.
 */
export function trimRoutes(deps: TrimDeps) {
  const queue = createRenderQueue({ concurrency: TRIM_CONCURRENCY, queue: TRIM_QUEUE, maxWaitMs: TRIM_MAX_WAIT_MS, name: 'Trimming', expectedMs: TRIM_EXPECTED_MS });
  const app = new Hono<AuthEnv>();
  app.get(TRIM_PATH, async (c) => {
    await authorizeUser(c, 'media.trim');
    const input = parseFields(TrimFields, presentParams(c.req.query()));
    return answer(c, deps, queue, input, undefined);
  });
  app.post(TRIM_PATH, async (c) => {
    await authorizeUser(c, 'media.trim');
    if (/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return answer(c, deps, queue, await jsonBody(c, TrimFields), undefined);
    queue.refuseWhenFull();
    const scratch = await scratchDir(deps.workDir);
    try {
      const received = await receiveForm(c, { fileTo: path.join(scratch, 'source'), maxBytes: TRIM_SOURCE_LIMITS.maxBytes });
      const input = parseFields(TrimFields, received.fields);
      if (received.file && input.media_url) throw new FieldError(400, 'media_url', 'Send either a file or media_url, not both');
      const file = received.file ? { file: path.join(scratch, 'source'), filename: received.file.filename } : undefined;
      return await answer(c, deps, queue, input, file);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });
  return app;
}

async function scratchDir(workDir: string): Promise<string> {
  const dir = path.join(workDir, `trim-${randomBytes(8).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

async function answer(c: Context<AuthEnv>, deps: TrimDeps, queue: RenderQueue, input: TrimInput, file: { file: string; filename: string } | undefined): Promise<Response> {
  const ref: SourceRef | undefined = file ?? (input.media_url ? { mediaUrl: input.media_url } : undefined);
  if (!ref) throw new FieldError(400, 'media_url', 'Send media_url or an uploaded file');
  const scratch = await scratchDir(deps.workDir);
  try {
    const ownOrigins = [new URL(c.req.url).origin, ...(deps.publicUrl ? [new URL(deps.publicUrl).origin] : [])];
    const trimmed = await queue
      .run(async () => {
        const source = await sourceFile(ref, { mediaDir: deps.mediaDir, ownOrigins, settings: deps.settings, scratch: path.join(scratch, 'fetched') });
        return trimMedia({ ...source, field: file ? 'file' : 'media_url', start: input.start, duration: input.duration, format: input.format, workDir: path.join(scratch, 'out') });
      })
      .catch((err: unknown) => {
        if (err instanceof RenderRefused) throw new ApiError(err.status, err.message, { 'Retry-After': String(err.retryAfterSeconds) });
        throw err;
      });
    return new Response(new Uint8Array(trimmed.bytes), {
      headers: {
        'Content-Type': trimmed.type,
        'Content-Disposition': `inline; filename="trim.${input.format}"`,
        'Cache-Control': 'private, no-store',
        [FRAMES_HEADER]: String(trimmed.frames),
        [DURATION_HEADER]: String(trimmed.duration),
        'Access-Control-Expose-Headers': `${FRAMES_HEADER}, ${DURATION_HEADER}`,
      },
    });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
