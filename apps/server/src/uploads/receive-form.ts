import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { unsafeTextReason } from '../boundary/text.ts';
import { ApiError, FieldError } from '../http/envelope.ts';
import { humanBytes } from '../boundary/human-bytes.ts';
import { UploadProblem } from './problems.ts';

export interface ReceivedForm {
  fields: Record<string, string>;
  /** The `file` part, streamed to disk as it arrived. */
  file?: { bytes: number; filename: string };
}

/** Form fields an upload may carry, and how long each may be. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 10_000;

/**
 * Reads a multipart or URL-encoded upload form as it streams in: text fields into memory (few and
 * short), the `file` part straight to `fileTo`, refused the moment it passes `maxBytes`. Nothing
 * holds the whole file in memory. Field text is held to the boundary's rule (no NUL, no unpaired
 * surrogates).
 */
export async function receiveForm(c: Context, o: { fileTo: string; maxBytes: number }): Promise<ReceivedForm> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
    throw new ApiError(
      415,
      'The upload must be multipart/form-data (with a file) or application/x-www-form-urlencoded (with source_image_url)',
    );
  }
  const body = c.req.raw.body;
  if (!body) throw new ApiError(400, 'The upload has no body');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: o.maxBytes + 1 },
    });
  } catch {
    throw new ApiError(400, 'The upload form is malformed (no multipart boundary)');
  }
  // Refusing the file stops reading the request: a client sending past the limit is not read to its end.
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  let file: ReceivedForm['file'];
  let writing: Promise<void> | undefined;
  let failure: unknown;
  const fail = (err: unknown) => {
    failure ??= err;
  };
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(new FieldError(400, name, `${name} is longer than ${MAX_FIELD_BYTES} bytes`));
    const reason = unsafeTextReason(name) ?? unsafeTextReason(value);
    if (reason) fail(new FieldError(400, name, `${name} ${reason}`));
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || file) {
      stream.resume();
      return fail(
        new FieldError(400, name, name === 'file' ? 'Only one file may be sent' : `Unexpected file field ${name}: send the file as "file"`),
      );
    }
    let bytes = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes > o.maxBytes) callback(new UploadProblem('too_large', `The file is larger than the limit of ${humanBytes(o.maxBytes)}`));
        else callback(null, chunk);
      },
    });
    file = { bytes: 0, filename: info.filename ?? '' };
    const current = file;
    writing = pipeline(stream, count, fs.createWriteStream(o.fileTo)).then(
      () => {
        current.bytes = bytes;
      },
      (err: unknown) => {
        fail(err instanceof UploadProblem ? err : new ApiError(400, 'The file part broke off mid-transfer'));
        source.destroy();
      },
    );
  });
  parser.on('filesLimit', () => fail(new FieldError(400, 'file', 'Only one file may be sent')));
  parser.on('fieldsLimit', () => fail(new ApiError(400, `The form has more than ${MAX_FIELDS} fields`)));
  try {
    await pipeline(source, parser);
  } catch (err) {
    fail(failure ?? new ApiError(400, `The upload form is malformed: ${err instanceof Error ? err.message : String(err)}`));
  }
  await writing;
  if (failure) throw failure;
  return { fields, ...(file ? { file } : {}) };
}
