import type { Handler } from 'hono';
import type { EdgeEnv } from './env.ts';
import { edgeError } from './errors.ts';
import { dropHopByHop } from './middleware/strip-headers.ts';
import type { Upstreams } from './upstreams.ts';

/** Node's fetch wants `duplex` for a streamed body; the DOM typings do not know it yet. */
type StreamingRequestInit = RequestInit & { duplex?: 'half' };

const TIMED_OUT = Symbol('timed out');

/**
 * Sends the forwarded request to its route's upstream. An upstream that fails gives a 502, one that has
 * not started answering within `timeoutMs` a 504 (and is aborted); either way within a bounded time,
 * as JSON with the request id. The timer races the upstream, so an in-process one that ignores the
 * abort signal is bounded too.
 */
export function proxyToUpstream(upstreams: Upstreams, timeoutMs: number): Handler<EdgeEnv> {
  return async (c) => {
    const route = c.get('route');
    const forward = c.get('forward');
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const init: StreamingRequestInit = {
      method: c.req.method,
      headers: forward.headers,
      body: hasBody ? c.req.raw.body : null,
      redirect: 'manual',
      ...(hasBody ? { duplex: 'half' } : {}),
    };
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    try {
      const answer = await Promise.race([upstreams[route.service].fetch(new Request(forward.url, init), abort.signal), timeout]);
      if (answer === TIMED_OUT) {
        abort.abort();
        return edgeError(c, 504, `The ${route.service} service did not answer within ${timeoutMs} ms`);
      }
      const headers = new Headers(answer.headers);
      dropHopByHop(headers);
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    } catch {
      return edgeError(c, 502, `The ${route.service} service is unavailable`);
    } finally {
      clearTimeout(timer);
    }
  };
}
