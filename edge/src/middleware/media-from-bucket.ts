import type { Context, MiddlewareHandler } from 'hono';
import { evaluateRequest, respond } from '../conditional-requests.ts';
import type { EdgeEnv } from '../env.ts';
import { edgeError } from '../errors.ts';
import type { MediaBucket } from '../stores/media-bucket.ts';
import type { Upstream } from '../upstreams.ts';

/** What the policy question leaves out: the origin must answer for the whole file, as anyone or as this viewer. */
const NOT_ASKED = ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'if-range', 'range'];
/** A file the origin's answer does not say may be kept is kept by no one. */
const UNSAID_CACHE = 'private, no-store';

/** The origin's media door asked with HEAD: its status and headers are the content policy's answer; null when it cannot be reached in time. */
async function askOrigin(c: Context<EdgeEnv>, media: Upstream, timeoutMs: number): Promise<Response | null> {
  const { url, headers } = c.get('forward');
  const asked = new Headers(headers);
  for (const name of NOT_ASKED) asked.delete(name);
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const answer = await Promise.race([media.fetch(new Request(url, { method: 'HEAD', headers: asked }), abort.signal), timeout]);
    if (answer === null) abort.abort();
    return answer;
  } catch {
    return null;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/**
 * `/media/*` bytes from the R2 bucket the media store writes (the key is the path below `/media/`),
 * the content policy from the origin. The origin's media door is asked with a HEAD: a 200 gives the
 * file's Cache-Control (public and immutable, or private and never kept) and type; anything else
 * (404, 410, 451, a failure) is the origin's to answer, so the request goes on to it as before. The
 * bytes, ETag and Last-Modified are the bucket's, conditional and range requests are answered by the
 * shared RFC 9110 rules, and the edge cache in front keeps public files under the GIF's purge tag,
 * so the origin is asked once per file per cache until the GIF's state changes. A file the bucket
 * does not hold (media still on the origin's disk) is served by the origin.
 */
export function mediaFromBucket(bucket: MediaBucket, media: Upstream, timeoutMs: number): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (c.get('route').service !== 'media' || (method !== 'GET' && method !== 'HEAD')) return next();
    const policy = await askOrigin(c, media, timeoutMs);
    if (policy === null) return edgeError(c, 502, 'The media service is unavailable');
    if (policy.status !== 200) return next();
    const key = c.get('forward').url.pathname.slice('/media/'.length);
    const object = await bucket.head(key);
    if (!object) return next();
    const etag = object.httpEtag;
    const lastModified = object.uploaded.toUTCString();
    const headers = new Headers({
      'Content-Type': policy.headers.get('Content-Type') ?? object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Cache-Control': policy.headers.get('Cache-Control') ?? UNSAID_CACHE,
      ETag: etag,
      'Last-Modified': lastModified,
      'Accept-Ranges': 'bytes',
      'Access-Control-Allow-Origin': '*',
    });
    const outcome = evaluateRequest(method, c.req.raw.headers, { etag, lastModified, size: object.size });
    const wantsBody = method !== 'HEAD' && object.size > 0 && (outcome.status === 200 || outcome.status === 206);
    const range = outcome.status === 206 ? { offset: outcome.start, length: outcome.end - outcome.start + 1 } : undefined;
    const read = wantsBody ? await bucket.get(key, range ? { range } : undefined) : null;
    if (wantsBody && !read) return next();
    return respond(outcome, headers, object.size, () => read?.body ?? null, method);
  };
}
