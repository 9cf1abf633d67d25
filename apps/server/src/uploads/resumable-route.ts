import { MemoryLocker, Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { Hono, type Context } from 'hono';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import { unsafeTextReason } from '../boundary/text.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { lookupOnce } from '../permissions/ownership.ts';
import { ApiError } from '../http/envelope.ts';
import { RESUMABLE_EXPIRY_MS } from './constants.ts';
import { UploadFieldsSchema, UploadPath } from './fields.ts';
import type { Uploads } from './service.ts';
import { failUpload, uploadById, uploadOwner } from './store.ts';
import { uploaderFor } from './accept.ts';
import { QuotaRefusal } from './quota.ts';
import path from 'node:path';
import { describe } from '../openapi/describe.ts';

export const RESUMABLE_PATH = '/api/v1/uploads/resumable';
/** The GIF id a finished transfer will become, told to the client in the last PATCH's answer. */
export const GIF_ID_HEADER = 'Upload-Gif-Id';
/** The upload id the dashboard polls for processing progress. */
export const UPLOAD_ID_HEADER = 'Upload-Id';

interface Caller {
  principal: UserPrincipal;
  address: string;
}

const refusal = (status_code: number, message: string) =>
  Object.assign(new Error(message), { status_code, body: JSON.stringify({ meta: { status: status_code, msg: message } }) });

/** The message of a refusal written as GIPHY's error body, if it is one. */
function messageOf(text: string): string | undefined {
  try {
    const msg = (JSON.parse(text) as { meta?: { msg?: unknown } }).meta?.msg;
    return typeof msg === 'string' ? msg : undefined;
  } catch {
    return undefined;
  }
}

/** tus metadata values are strings: the creator's fields as the other upload paths take them. */
function fieldsFromMetadata(metadata: Record<string, string | null> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (value === null) continue;
    const reason = unsafeTextReason(value) ?? unsafeTextReason(key);
    if (reason) throw refusal(400, `${key} ${reason}`);
    out[key] = value;
  }
  return out;
}

/**
 * Resumable uploads for the dashboard: the tus 1.0 protocol (creation, termination, expiration)
 * through `@tus/server` with its file store in DATA_DIR/uploads/resumable. The creating POST carries
 * the creator's fields as tus metadata and records the upload (state `receiving`); a dropped
 * connection resumes from the offset HEAD reports; the last PATCH queues the file for processing and
 * answers its upload and GIF ids. Every request is the caller's own (or staff's): the upload's owner
 * is checked before tus sees it. The raw file is never served back (GET is not routed).
 */
/** The request as tus must see it: at the upload's own path (the checked id, or none for a creation), without a query. */
function toTus(raw: Request, id: string | undefined): Request {
  const url = new URL(raw.url);
  url.pathname = id ? `${RESUMABLE_PATH}/${id}` : RESUMABLE_PATH;
  url.search = '';
  const body = raw.method === 'PATCH' || raw.method === 'POST' ? raw.body : null;
  return new Request(url, { method: raw.method, headers: raw.headers, body, ...(body ? { duplex: 'half' } : {}) } as RequestInit);
}

export function resumableRoutes(uploads: Uploads) {
  const callers = new WeakMap<Request, Caller>();
  /** A creation refused for its quota: tus answers the status, the route adds Retry-After. */
  const quotaRefusals = new WeakMap<Request, QuotaRefusal>();
  const callerOf = (req: Request): Caller => {
    const caller = callers.get(req);
    if (!caller) throw refusal(401, 'Sign in first');
    return caller;
  };
  const tus = new Server({
    path: RESUMABLE_PATH,
    datastore: new FileStore({ directory: uploads.dirs.resumable, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS }),
    relativeLocation: true,
    maxSize: uploads.settings.limits.maxBytes,
    exposedHeaders: [GIF_ID_HEADER, UPLOAD_ID_HEADER],
    locker: new MemoryLocker(),
    namingFunction: () => uploads.newIds().uploadId,
    async onUploadCreate(req, upload) {
      const { principal, address } = callerOf(req as unknown as Request);
      const fields = UploadFieldsSchema.safeParse(fieldsFromMetadata(upload.metadata));
      if (!fields.success) throw refusal(400, fields.error.issues[0]?.message ?? 'invalid metadata');
      const { gifId } = uploads.newIds();
      // The declared length counts against the day's bytes (a deferred length as the largest file).
      const reserved = uploads.begin({
        id: upload.id,
        userId: principal.userId,
        gifId,
        origin: 'resumable',
        state: 'receiving',
        filename: (upload.metadata?.filename ?? '').slice(0, 200),
        size: upload.size ?? uploads.settings.limits.maxBytes,
        fields: fields.data,
        address,
        via: principal.via,
      });
      await reserved.catch((err: unknown) => {
        if (!(err instanceof QuotaRefusal)) throw err;
        quotaRefusals.set(req as unknown as Request, err);
        throw refusal(err.status, err.message);
      });
      return {};
    },
    async onUploadFinish(_req, upload) {
      await uploads.queue(upload.id, path.join(uploads.dirs.resumable, upload.id), upload.offset);
      const row = await uploadById(uploads.db, upload.id);
      return { headers: { [GIF_ID_HEADER]: row?.gif_id ?? '', [UPLOAD_ID_HEADER]: upload.id } };
    },
  });

  const app = new Hono<AuthEnv>();
  const handle = async (c: Context<AuthEnv>) => {
    const id = c.req.param('id');
    let principal: UserPrincipal;
    if (id) {
      const owner = lookupOnce(() => uploadOwner(uploads.db, id));
      principal = await authorizeUser(c, 'gif.edit', owner);
      const row = await uploadById(uploads.db, id);
      if (row?.origin !== 'resumable') return c.json({ meta: { status: 404, msg: `No upload ${id}` } }, 404);
      if (row.state !== 'receiving' && c.req.method === 'PATCH')
        return c.json({ meta: { status: 409, msg: `Upload ${id} is complete` } }, 409);
    } else {
      principal = (await uploaderFor(c, uploads, undefined)).principal;
    }
    // tus reads the upload id from the end of the whole URL, query string included: it is handed the
    // checked id alone, so `…/{own id}?x=/{another's id}` cannot reach another creator's upload.
    const request = toTus(c.req.raw, id);
    callers.set(request, { principal, address: c.var.auth.address });
    const answer = await tus.handleWeb(request);
    if (id && c.req.method === 'DELETE' && answer.status === 204) await failUpload(uploads.db, id, 'cancelled', 'The upload was cancelled');
    // tus answers refusals in plain text (ours, from the hooks, as JSON text): every one is answered as any other API error, tus's headers kept.
    if (answer.status >= 400) {
      const text = (await answer.text()).trim();
      const msg = messageOf(text) || text.slice(0, 200) || `The resumable upload was refused (${answer.status})`;
      throw new ApiError(answer.status as ContentfulStatusCode, msg, {
        ...Object.fromEntries([...answer.headers].filter(([name]) => /^(tus-|upload-)/i.test(name))),
        ...quotaRefusals.get(request)?.headers,
      });
    }
    return answer;
  };
  app.post(
    RESUMABLE_PATH,
    describe({
      tag: 'uploads',
      summary: 'Start a resumable upload (tus 1.0)',
      description:
        "The tus creation call: `Upload-Length` and `Upload-Metadata` (the upload fields, base64) headers; answers 201 with the upload's `Location`.",
      access: { permission: 'gif.upload' },
      status: 201,
      responseType: 'none',
    }),
    handle,
  );
  const uploadPath = `${RESUMABLE_PATH}/:id{[A-Za-z0-9]+}`;
  app.patch(
    uploadPath,
    describe({
      tag: 'uploads',
      params: UploadPath,
      summary: 'Send the next part of a resumable upload',
      description: 'tus: `Upload-Offset` and an `application/offset+octet-stream` body; 204 with the new offset.',
      access: { permission: 'gif.edit' },
      status: 204,
    }),
    handle,
  );
  app.delete(
    uploadPath,
    describe({ tag: 'uploads', params: UploadPath, summary: 'Cancel a resumable upload', access: { permission: 'gif.edit' }, status: 204 }),
    handle,
  );
  // Hono routes HEAD as GET: only the HEAD reaches tus (the offset to resume from); a GET would serve the raw file.
  app.get(
    uploadPath,
    describe({
      tag: 'uploads',
      params: UploadPath,
      summary: 'Where a resumable upload stands (HEAD)',
      description: 'Send HEAD: tus answers the `Upload-Offset` to resume from. A GET is refused (405).',
      access: { permission: 'gif.edit' },
      responseType: 'none',
    }),
    (c) => {
      if (c.req.raw.method !== 'HEAD') throw new ApiError(405, 'Resumable uploads are not read back; HEAD gives the offset');
      return handle(c);
    },
  );
  return app;
}
