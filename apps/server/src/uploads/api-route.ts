import fs from 'node:fs/promises';
import { Hono } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import type { ApiEnv } from '../public-api/context.ts';
import { envelope, FieldError, newResponseId } from '../http/envelope.ts';
import { acceptUpload, problemAnswer, uploaderFor } from './accept.ts';
import { UploadProblem } from './problems.ts';
import { z } from 'zod';
import { httpUrlField, UploadFieldsSchema } from './fields.ts';
import { receiveForm } from './receive-form.ts';
import type { Uploads } from './service.ts';
import { describe } from '../openapi/describe.ts';
import { ApiUploadAnswer } from '@loopbox/contract/uploads';

/** The form the reference shows; the file is streamed to disk and the fields held to UploadFieldsSchema (accept.ts). */
const ApiUploadForm = UploadFieldsSchema.extend({
  file: z.string().meta({ format: 'binary', description: 'The GIF, WebP, PNG or video' }).optional(),
  source_image_url: httpUrlField('source_image_url').optional(),
  username: z.string().max(40).optional(),
});

/**
 * GIPHY's Upload API: `POST /v1/gifs` with `api_key`, and `file` (multipart) or `source_image_url`,
 * plus `tags` (comma-separated), `source_post_url`, `username`, and Loopbox's `title`, `rating`,
 * `is_sticker`, `visibility`. The personal access token (or session) decides whose GIF it is; staff
 * may name another user. Answers `{data: {id}, meta}` once the GIF exists, or after a few seconds
 * with the id while processing goes on (the GIF appears when every rendition exists); a refused
 * file is a 4xx naming its problem.
 */
export function uploadApiRoutes(uploads: Uploads) {
  const app = new Hono<ApiEnv & AuthEnv>();
  app.post(
    '/gifs',
    describe({
      tag: 'uploads',
      summary: "Upload a GIF (GIPHY's Upload API)",
      response: ApiUploadAnswer,
      description:
        "Send `file` or `source_image_url` (fetched only from public addresses), with the `api_key` of every /v1 call. A personal access token or session decides whose GIF it is; staff may name another `username`. Answers the id once the GIF exists, or after a few seconds while processing goes on; a refused file is a 4xx naming its problem. A new account's GIF waits in review (state `in_review`: open by id and link, in no listing until a moderator approves it).",
      access: { permission: 'gif.upload' },
      body: ApiUploadForm,
      bodyType: 'multipart/form-data',
    }),
    async (c) => {
      const caller = await uploaderFor(c, uploads, undefined);
      const { uploadId, gifId } = uploads.newIds();
      const incoming = uploads.incomingPath(uploadId);
      const { maxBytes } = uploads.settings.limits;
      // Counted against the caller's quota before the body is read (as its declared length), so a creator at a limit sends nothing; acceptUpload then records it as it is.
      const declared = Number(c.req.header('content-length'));
      await uploads.begin({
        id: uploadId,
        userId: caller.userId,
        gifId,
        origin: 'api',
        state: 'receiving',
        filename: '',
        size: declared > 0 ? Math.min(declared, maxBytes) : maxBytes,
        fields: {},
        address: c.var.auth.address,
        via: caller.principal.via,
      });
      try {
        await fs.mkdir(uploads.dirs.incoming, { recursive: true });
        const form = await receiveForm(c, { fileTo: incoming, maxBytes }).catch((err: unknown) => {
          throw err instanceof UploadProblem ? problemAnswer(err, 'file') : err;
        });
        const fields: Record<string, string> = { ...c.req.query(), ...form.fields };
        const { file } = form;
        const url = fields.source_image_url;
        const { principal, userId } = await uploaderFor(c, uploads, fields.username || undefined);
        if (!file && !url) throw new FieldError(400, 'file', 'file or source_image_url is required');
        if (file && url) throw new FieldError(400, 'source_image_url', 'Send either file or source_image_url, not both');
        const row = await acceptUpload(c, uploads, {
          uploadId,
          gifId,
          userId,
          principal,
          origin: file ? 'api' : 'url',
          fields,
          source: file ? { file } : { url: url as string },
        });
        return c.json(envelope({ id: row.gif_id }, newResponseId()));
      } catch (err) {
        await uploads.discard(uploadId);
        await fs.rm(incoming, { force: true });
        throw err;
      }
    },
  );
  return app;
}
