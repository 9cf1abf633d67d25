import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../env.ts';
import { prefersGzip, varyingByEncoding } from '../stores/gzip-variant.ts';

const HTML_TYPE = /^text\/html/i;
/** RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS. */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);

/**
 * One gzip member written part by part, each part compressed as it arrives and ended with a sync
 * flush, so the client can read it before the next one exists. A part is deflated on this thread:
 * zlib's stream compresses on the thread pool, whose answer would wait until the work that follows
 * the part (the site's first screen, on the embedded store) lets the event loop turn.
 */
function gzipEachPart(deflated: WeakMap<Uint8Array, Uint8Array>): TransformStream<Uint8Array, Uint8Array> {
  let crc = 0;
  let size = 0;
  return new TransformStream({
    start: (controller) => controller.enqueue(GZIP_HEADER),
    transform(part, controller) {
      crc = crc32(part, crc);
      size = (size + part.byteLength) % 2 ** 32;
      // Each part's own deflate stream, ending byte-aligned (Z_SYNC_FLUSH) and not final: the next continues the same member.
      // So a part's deflated bytes depend on the part alone, and a part sent again (the same bytes object) is not deflated again.
      let out = deflated.get(part);
      if (!out) {
        out = deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH });
        deflated.set(part, out);
      }
      controller.enqueue(out);
    },
    flush(controller) {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc, 0);
      trailer.writeUInt32LE(size, 4);
      controller.enqueue(Buffer.concat([deflateRawSync(Buffer.alloc(0)), trailer]));
    },
  });
}

/**
 * Node only (node:zlib, @hono/node-server): pages (`text/html`) pass in the parts their upstream
 * sends, gzipped for clients that prefer gzip, so the head the site sends before its first screen is
 * ready reaches the browser meanwhile. The answer is marked chunked: @hono/node-server would
 * otherwise wait a timer's turn for a second part before writing the first (to learn a short
 * answer's length). On Workers, Cloudflare compresses and streams.
 */
export function gzipPages(): MiddlewareHandler<EdgeEnv> {
  // Held by the parts themselves: the site sends a kept first screen's data as one bytes object, never changed.
  const deflated = new WeakMap<Uint8Array, Uint8Array>();
  return async (c, next) => {
    await next();
    const { res } = c;
    if (!res.body || c.req.method === 'HEAD' || !HTML_TYPE.test(res.headers.get('content-type') ?? '')) return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.set('transfer-encoding', 'chunked');
    let body: ReadableStream<Uint8Array> = res.body;
    if (!headers.has('content-encoding') && prefersGzip(c.req.raw)) {
      headers.set('content-encoding', 'gzip');
      varyingByEncoding(headers);
      body = body.pipeThrough(gzipEachPart(deflated));
    }
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
