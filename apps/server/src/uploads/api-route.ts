import fs from 'node:fs/promises';
import { Hono } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import type { ApiEnv } from '../public-api/context.ts';
import { envelope, FieldError, newResponseId } from '../public-api/envelope.ts';
import { acceptUpload, problemAnswer, uploaderFor } from './accept.ts';
import { UploadProblem } from './problems.ts';
import { z } from 'zod';
import { httpUrlField, UploadFieldsSchema } from './fields.ts';
import { receiveForm } from './receive-form.ts';
import type { Uploads } from './service.ts';
import { describe } from '../openapi/describe.ts';

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
  app.post('/gifs', describe({ tag: 'uploads', summary: 'Upload a GIF (GIPHY\'s Upload API)', description: 'Send `file` or `source_image_url` (fetched only from public addresses), with the `api_key` of every /v1 call. A personal access token or session decides whose GIF it is; staff may name another `username`. Answers the id once the GIF exists, or after a few seconds while processing goes on; a refused file is a 4xx naming its problem.', access: { permission: 'gif.upload' }, body: ApiUploadForm, bodyType: 'multipart/form-data' }), async (c) => {
    await uploaderFor(c, uploads, undefined);
    const { uploadId, gifId } = uploads.newIds();
    const incoming = uploads.incomingPath(uploadId);
    await fs.mkdir(uploads.dirs.incoming, { recursive: true });
    const form = await receiveForm(c, { fileTo: incoming, maxBytes: uploads.settings.limits.maxBytes }).catch(async (err: unknown) => {
      await fs.rm(incoming, { force: true });
      throw err instanceof UploadProblem ? problemAnswer(err, 'file') : err;
    });
    const fields: Record<string, string> = { ...c.req.query(), ...form.fields };
    const { file } = form;
    const url = fields.source_image_url;
    const username = fields.username;
    const { principal, userId } = await uploaderFor(c, uploads, username || undefined).catch(async (err: unknown) => {
      await fs.rm(incoming, { force: true });
      throw err;
    });
    if (!file && !url) throw new FieldError(400, 'file', 'file or source_image_url is required');
    if (file && url) {
      await fs.rm(incoming, { force: true });
      throw new FieldError(400, 'source_image_url', 'Send either file or source_image_url, not both');
    }
    const row = await acceptUpload(c, uploads, { uploadId, gifId, userId, principal, origin: file ? 'api' : 'url', fields, source: file ? { file } : { url: url as string } });
    return c.json(envelope({ id: row.gif_id }, newResponseId()));
  });
  return app;
}
