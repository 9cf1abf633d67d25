import path from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { hasControlCharacter } from '../boundary/text.ts';
import { FieldError } from '../http/envelope.ts';
import { presentParams } from '../http/parse.ts';
import { receiveForm } from '../uploads/receive-form.ts';
import {
  DURATION_HEADER,
  FRAMES_HEADER,
  TRIM_FORMATS,
  TRIM_MAX_DURATION_S,
  TRIM_MIN_DURATION_S,
  TRIM_PATH,
  TRIM_SOURCE_LIMITS,
} from './constants.ts';
import { sourceFile, type SourceRef } from './source.ts';
import { trimMedia } from './trim.ts';
import { decoderOf, fileAnswer, inScratch, queued, sourceContext, type WorkDeps } from './work.ts';
import { describe } from '../openapi/describe.ts';

/** A number of seconds as JSON or a form gives it: a number, or a decimal written out. */
const secondsField = (name: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,6}(\.\d{1,6})?$/, `${name} must be a number of seconds`)
          .transform(Number),
      ],
      { error: `${name} must be a number of seconds` },
    )
    .pipe(
      z
        .number({ error: `${name} must be a number of seconds` })
        .min(min, `${name} must be at least ${min} s`)
        .max(max, `${name} must be at most ${max} s`),
    );

/** `media_url` as a trim or a render takes it. */
export const mediaUrlField = z
  .string({ error: 'media_url must be a URL' })
  .min(1, 'media_url must be a URL')
  .max(2000, 'media_url must be at most 2000 characters')
  .refine((u) => !hasControlCharacter(u), 'media_url must not contain control characters');

const TrimFields = z.object({
  media_url: mediaUrlField.optional(),
  start: secondsField('start', 0, TRIM_SOURCE_LIMITS.maxDurationS),
  duration: secondsField('duration', TRIM_MIN_DURATION_S, TRIM_MAX_DURATION_S),
  format: z
    .enum(Object.keys(TRIM_FORMATS) as [keyof typeof TRIM_FORMATS], {
      error: `format must be one of ${Object.keys(TRIM_FORMATS).join(', ')}`,
    })
    .default('gif'),
});
type TrimInput = z.infer<typeof TrimFields>;

/** What the reference says of a trim's or a render's answer: a file, so no JSON schema. */
export const fileAnswered = (types: readonly string[]) =>
  `Answers the file itself (\`Content-Type\` ${types.join(', ')}), with \`${FRAMES_HEADER}\` and \`${DURATION_HEADER}\` (seconds) saying what it holds.`;
const TRIM_TYPES = Object.values(TRIM_FORMATS).map((f) => f.type);

/**
 * `GET /imaging/trim?media_url=&start=&duration=[&format=]` and `POST /imaging/trim` (a form with
 * `file` or `media_url`, or JSON with `media_url`): the segment as a new GIF (or MP4, WebP), made by
 * the media pipeline, to upload as a new item. The answer is the file itself, with its frame count
 * and duration in headers. Creators and staff may trim (permission `media.make`), by token or session.
 */
export function trimRoutes(deps: WorkDeps) {
  const app = new Hono<AuthEnv>();
  app.get(
    TRIM_PATH,
    describe({
      tag: 'imaging',
      summary: "Trim this server's media",
      description: `The segment of \`media_url\` from \`start\`, \`duration\` seconds long, in \`format\`. ${fileAnswered(TRIM_TYPES)}`,
      access: { permission: 'media.make' },
      query: TrimFields,
      responseType: 'media',
    }),
    async (c) => {
      await authorizeUser(c, 'media.make');
      decoderOf(deps);
      return answer(c, deps, parseFields(TrimFields, presentParams(c.req.query())), undefined);
    },
  );
  app.post(
    TRIM_PATH,
    describe({
      tag: 'imaging',
      summary: 'Trim an uploaded file',
      description: `A form with \`file\` or \`media_url\`, or the same fields as JSON. ${fileAnswered(TRIM_TYPES)}`,
      access: { permission: 'media.make' },
      body: TrimFields,
      bodyType: 'multipart/form-data',
      responseType: 'media',
    }),
    async (c) => {
      await authorizeUser(c, 'media.make');
      decoderOf(deps);
      if (/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
        return answer(c, deps, await jsonBody(c, TrimFields), undefined);
      deps.queue.refuseWhenFull();
      return inScratch(deps.workDir, async (dir) => {
        const received = await receiveForm(c, { fileTo: path.join(dir, 'source'), maxBytes: TRIM_SOURCE_LIMITS.maxBytes });
        const input = parseFields(TrimFields, received.fields);
        return answer(c, deps, input, received.file ? { file: path.join(dir, 'source'), filename: received.file.filename } : undefined);
      });
    },
  );
  return app;
}

/** The source a call names: an uploaded file, or `media_url` (never both). */
export function sourceRef(file: { file: string; filename: string } | undefined, mediaUrl: string | undefined): SourceRef {
  if (file && mediaUrl) throw new FieldError(400, 'media_url', 'Send either a file or media_url, not both');
  const ref = file ?? (mediaUrl ? { mediaUrl } : undefined);
  if (!ref) throw new FieldError(400, 'media_url', 'Send media_url or an uploaded file');
  return ref;
}

function answer(
  c: Context<AuthEnv>,
  deps: WorkDeps,
  input: TrimInput,
  file: { file: string; filename: string } | undefined,
): Promise<Response> {
  const ref = sourceRef(file, input.media_url);
  return inScratch(deps.workDir, async (dir) => {
    const made = await queued(deps.queue, async () => {
      const source = await sourceFile(ref, sourceContext(c, deps, path.join(dir, 'fetched')));
      return trimMedia({
        ...source,
        ffmpeg: decoderOf(deps),
        field: file ? 'file' : 'media_url',
        start: input.start,
        duration: input.duration,
        format: input.format,
        workDir: path.join(dir, 'out'),
      });
    });
    return fileAnswer(made, `trim.${input.format}`);
  });
}
