import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { UploadProblemCode } from '@loopbox/contract/uploads';

/** Why an upload was refused (the contract names the codes): stable for tests and the dashboard; the message says it to a person. */
export type { UploadProblemCode };

const STATUS: Record<UploadProblemCode, ContentfulStatusCode> = {
  empty: 400,
  too_large: 413,
  unsupported_type: 415,
  wrong_extension: 415,
  too_many_pixels: 413,
  extreme_shape: 400,
  decompression_bomb: 413,
  too_long: 413,
  too_many_frames: 413,
  truncated: 400,
  corrupt: 400,
  url_refused: 400,
  url_unreachable: 502,
  url_timeout: 504,
  interrupted: 500,
  cancelled: 409,
  decoder_missing: 503,
  storage_unavailable: 503,
};

/**
 * A refusal that names its problem; it crosses the worker boundary as plain data ({code, message,
 * detail}). The message is ours, shown to the uploader; `detail` (what a decoder said) goes to the
 * server's log only: decoder output never reaches an answer.
 */
export class UploadProblem extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: UploadProblemCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function isProblemCode(code: unknown): code is UploadProblemCode {
  return typeof code === 'string' && code in STATUS;
}

/** The status a refusal answers with; a code this version does not know (an older row's) is the server's fault. */
export const problemStatus = (code: string): ContentfulStatusCode => (isProblemCode(code) ? STATUS[code] : 500);
