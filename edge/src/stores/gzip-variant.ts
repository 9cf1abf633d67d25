import Negotiator from 'negotiator';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { isConditional } from '../conditional-requests.ts';
import { GZIP_LEVEL, GZIP_MIN_BYTES } from '../constants.ts';

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;
const gzipAsync = promisify(gzip);

/** Whether a kept answer is worth a gzipped copy: text of some size that is not encoded already (media is compressed by its format). */
export function compressible(headers: Headers, bytes: number): boolean {
  return bytes >= GZIP_MIN_BYTES && !headers.has('content-encoding') && COMPRESSIBLE_TYPE.test(headers.get('content-type') ?? '');
}

/** Whether to answer `request` with the gzipped copy: it accepts gzip over identity and asks for the whole answer (ranges and validators name the identity bytes). */
export function prefersGzip(request: Request): boolean {
  if (isConditional(request)) return false;
  const accept = request.headers.get('accept-encoding');
  return accept !== null && new Negotiator({ headers: { 'accept-encoding': accept } }).encoding(['gzip', 'identity']) === 'gzip';
}

/** `Vary` with Accept-Encoding added: both copies name it, so a shared cache downstream keeps them apart. */
export function varyingByEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

/**
 * The gzipped copy of a kept answer and its headers: Content-Encoding and Content-Length for the
 * compressed bytes, and a strong ETag of its own (RFC 9110 8.8.3: another encoding is another
 * representation). Compressed on libuv's thread pool, off the event loop.
 */
export async function gzipVariant(
  body: Uint8Array,
  identity: Headers,
): Promise<{ body: Uint8Array<ArrayBuffer>; headers: [string, string][] }> {
  const zipped = await gzipAsync(body, { level: GZIP_LEVEL });
  const headers = new Headers(identity);
  headers.set('content-encoding', 'gzip');
  headers.set('content-length', String(zipped.byteLength));
  const etag = headers.get('etag');
  if (etag) headers.set('etag', etag.replace(/"$/, '-gzip"'));
  return { body: new Uint8Array(zipped), headers: [...headers] };
}
