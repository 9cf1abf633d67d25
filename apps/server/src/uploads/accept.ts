import fs from 'node:fs/promises';
import type { Context } from 'hono';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import { parseFields } from '../http/json-body.ts';
import { userOwner } from '../permissions/ownership.ts';
import { ApiError, FieldError } from '../http/envelope.ts';
import { API_ANSWER_WITHIN_MS } from './constants.ts';
import { MEDIA_STORE_RETRY_AFTER_S } from '../media-store/constants.ts';
import { checkUrl, parseRanges } from './fetch-url.ts';
import { UploadFieldsSchema } from './fields.ts';
import { problemStatus, UploadProblem } from './problems.ts';
import { baseOf, type UploadOrigin } from './schema.ts';
import type { Uploads } from './service.ts';
import type { UploadRow } from './store.ts';

/**
 * Who an upload is for: the caller, or (staff only) the user a `username` names. Every way of
 * starting an upload asks this first, so without a maintained ffmpeg (media/ffmpeg-binary.ts) an
 * authorised caller gets 503 saying so before a byte is received.
 */
export async function uploaderFor<E extends AuthEnv>(
  c: Context<E>,
  uploads: Uploads,
  username: string | undefined,
): Promise<{ principal: UserPrincipal; userId: number }> {
  const principal = await authorizeUser(c, 'gif.upload');
  if (uploads.decoder.ffmpeg === null) throw new ApiError(503, uploads.decoder.refusal);
  if (!username || username.toLowerCase() === principal.username.toLowerCase()) return { principal, userId: principal.userId };
  const owner = await userOwner(baseOf(uploads.db), username);
  await authorizeUser(c, 'gif.upload', owner ?? null);
  if (owner === undefined || owner === null) throw new FieldError(404, 'username', `No user ${username}`);
  return { principal, userId: owner };
}

/** An upload problem as the answer names it: its status, its message, and the field it came from; storage unreachable says when to try again. */
export function problemAnswer(problem: { code: string; message: string }, field: string): FieldError {
  return new FieldError(
    problemStatus(problem.code),
    field,
    problem.message,
    problem.code === 'storage_unavailable' ? { 'Retry-After': String(MEDIA_STORE_RETRY_AFTER_S) } : {},
  );
}

export interface AcceptInput {
  uploadId: string;
  gifId: string;
  userId: number;
  principal: UserPrincipal;
  origin: UploadOrigin;
  fields: Record<string, unknown>;
  /** A file already received into the incoming folder, or a URL to fetch into it. */
  source: { file: { bytes: number; filename: string } } | { url: string };
}

/**
 * Queues an upload whose file is in hand (or has it fetched from its URL in the background, then
 * queued) and waits for it up to `waitMs`: a problem found by then is thrown naming its field;
 * otherwise the upload is answered as it stands (done, or still being fetched or processed).
 */
export async function acceptUpload<E extends AuthEnv>(
  c: Context<E>,
  uploads: Uploads,
  input: AcceptInput,
  waitMs = API_ANSWER_WITHIN_MS,
): Promise<UploadRow> {
  const incoming = uploads.incomingPath(input.uploadId);
  try {
    const fields = parseFields(UploadFieldsSchema, input.fields);
    const fromUrl = 'url' in input.source;
    // A URL that names a refused address is refused now; one whose name resolves to one, when it is fetched.
    if ('url' in input.source) checkUrl(input.source.url, parseRanges(uploads.settings.urlAllow));
    await uploads.begin({
      id: input.uploadId,
      userId: input.userId,
      gifId: input.gifId,
      origin: input.origin,
      state: 'receiving',
      filename: 'file' in input.source ? input.source.file.filename : '',
      sourceUrl: 'url' in input.source ? input.source.url : null,
      fields,
      address: c.var.auth.address,
      via: input.principal.via,
    });
    if ('url' in input.source) uploads.fetchThenQueue(input.uploadId, input.source.url);
    else await uploads.queue(input.uploadId, incoming, input.source.file.bytes);
    const row = await uploads.waitFor(input.uploadId, waitMs);
    if (row?.state === 'failed')
      throw problemAnswer(
        { code: row.error_code ?? 'corrupt', message: row.error ?? 'The file could not be processed' },
        fromUrl ? 'source_image_url' : 'file',
      );
    return row as UploadRow;
  } catch (err) {
    await fs.rm(incoming, { force: true });
    if (err instanceof UploadProblem) throw problemAnswer(err, 'url' in input.source ? 'source_image_url' : 'file');
    throw err;
  }
}
