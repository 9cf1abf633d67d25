import { Hono } from 'hono';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { lookupOnce } from '../permissions/ownership.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { acceptUpload, uploaderFor } from './accept.ts';
import { httpUrlField, UploadFieldsSchema, UploadPath } from './fields.ts';
import { resumableRoutes } from './resumable-route.ts';
import type { Uploads } from './service.ts';
import { recentUploads, uploadById, uploadOwner, type UploadRow } from './store.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { type Upload, UploadQuotaAnswer, UploadsAnswer, UploadStatusAnswer, UrlUploadAnswer } from '@loopbox/contract/uploads';
import { gifStateOf } from '../content-policy/states.ts';
import { STATE_NOTICES } from '../content-policy/table.ts';

const UrlUpload = UploadFieldsSchema.extend({
  source_image_url: httpUrlField('source_image_url'),
  username: z.string().max(40).optional(),
});
/** Uploads a dashboard lists: the newest, open ones included. */
const RECENT_UPLOADS = 50;

/** An upload as the dashboard reads it: where it is, how far, what went wrong, what GIF it became. */
export function presentUpload(u: UploadRow): Built<typeof Upload> {
  return {
    id: u.id,
    gif_id: u.gif_id,
    state: u.state,
    progress: u.progress,
    origin: u.origin,
    filename: u.filename,
    size: Number(u.size),
    fields: u.fields,
    error: u.error ? { code: u.error_code ?? 'corrupt', message: u.error } : null,
    created_at: u.created_at,
    finished_at: u.finished_at,
  };
}

/** The policy state of an upload's GIF and what its owner is told of it (uploads/trust.ts: `in_review`). */
async function gifStateNow(db: Uploads['db'], gifId: string) {
  const gif = await db.selectFrom('gifs').select(['visibility', 'moderation_state', 'removal']).where('id', '=', gifId).executeTakeFirst();
  if (!gif) return null;
  const state = gifStateOf(gif);
  return { state, notice: STATE_NOTICES[state] ?? null };
}

/**
 * The dashboard's upload calls: resumable transfers (resumable-route.ts), an upload from a URL
 * (`POST /api/v1/uploads/` JSON, answered at once: the dashboard follows it), and the caller's
 * uploads with their processing state (`GET /api/v1/uploads/`, `GET /api/v1/uploads/{id}/`) and
 * quota (`GET /api/v1/uploads/quota/`).
 */
export function uploadRoutes(uploads: Uploads) {
  const app = new Hono<AuthEnv>();
  app.route('/', resumableRoutes(uploads));
  app.get(
    '/api/v1/uploads/',
    describe({ tag: 'uploads', summary: 'Your uploads and their state', response: UploadsAnswer, access: { permission: 'gif.edit' } }),
    async (c) => {
      const principal = await authorizeUser(c, 'gif.edit');
      const rows = await recentUploads(uploads.db, principal.userId, RECENT_UPLOADS);
      return c.json(envelope(rows.map(presentUpload), newResponseId()), 200, { 'Cache-Control': 'private, no-store' });
    },
  );
  app.get(
    '/api/v1/uploads/quota/',
    describe({
      tag: 'uploads',
      summary: 'Your upload quota',
      response: UploadQuotaAnswer,
      description:
        'What you may have open at once and send today, and what you use of it now: `open` (receiving, queued or processing), `url_fetches` (URLs being fetched), `bytes_today` (since 00:00 UTC, with `resets_at`), each `{used, limit}`. Past a limit uploads answer 429 with `Retry-After`. `trust` is your level: `new` (a `user` with fewer approved GIFs than `approved_needed`: uploads wait for review, lower limits) or `trusted`.',
      access: { permission: 'gif.upload' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'gif.upload');
      return c.json(envelope(await uploads.quotaOf(principal.userId), newResponseId()), 200, { 'Cache-Control': 'private, no-store' });
    },
  );
  app.get(
    '/api/v1/uploads/:id/',
    describe({
      tag: 'uploads',
      summary: 'An upload and its state',
      response: UploadStatusAnswer,
      description:
        "Receiving, processing, done (with the GIF, and in `gif` its policy `state` and the `notice` saying who can see it, e.g. `in_review` for a new account's upload) or failed (with the reason).",
      access: { permission: 'gif.edit' },
      params: UploadPath,
    }),
    async (c) => {
      const { id } = parseFields(UploadPath, c.req.param());
      await authorizeUser(
        c,
        'gif.edit',
        lookupOnce(() => uploadOwner(uploads.db, id)),
      );
      const row = await uploadById(uploads.db, id);
      if (!row) throw new ApiError(404, `No upload ${id}`);
      return c.json(
        envelope({ ...presentUpload(row), gif: row.state === 'done' ? await gifStateNow(uploads.db, row.gif_id) : null }, newResponseId()),
        200,
        { 'Cache-Control': 'private, no-store' },
      );
    },
  );
  app.post(
    '/api/v1/uploads/',
    describe({
      tag: 'uploads',
      summary: 'Upload from a URL',
      response: UrlUploadAnswer,
      description: 'The file at `source_image_url` is fetched (public addresses only) and processed; 202 with the upload to follow.',
      access: { permission: 'gif.upload' },
      status: 202,
      body: UrlUpload,
    }),
    async (c) => {
      const body = await jsonBody(c, UrlUpload);
      const { principal, userId } = await uploaderFor(c, uploads, body.username);
      const { source_image_url: url, username: _username, ...fields } = body;
      const { uploadId, gifId } = uploads.newIds();
      const row = await acceptUpload(c, uploads, { uploadId, gifId, userId, principal, origin: 'url', fields, source: { url } }, 0);
      return c.json(envelope(presentUpload(row), newResponseId()), 202);
    },
  );
  return app;
}
