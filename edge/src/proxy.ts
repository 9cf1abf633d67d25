import type { Handler } from 'hono';
import type { EdgeEnv } from './env.ts';
import { edgeError } from './errors.ts';
import { dropHopByHop } from './middleware/strip-headers.ts';
import type { Upstreams } from './upstreams.ts';

/** Node's fetch wants `duplex` for a streamed body; the DOM typings do not know it yet. */
type StreamingRequestInit = RequestInit & { duplex?: 'half' };

/** Settles with `work`, or rejects as soon as `signal` aborts (an in-process upstream may not heed signals). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Sends the forwarded request to its route's upstream. An upstream that fails gives a 502, one that has
 * not answered within `timeoutMs` a 504; either way within a bounded time, as JSON with the request id.
 */
export function proxyToUpstream(upstreams: Upstreams, timeoutMs: number): Handler<EdgeEnv> {
  return async (c) => {
    const { route, forward } = c.var;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error('upstream timeout')), timeoutMs);
    const signal = AbortSignal.any([timeout.signal, c.req.raw.signal]);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const init: StreamingRequestInit = {
      method: c.req.method,
      headers: forward.headers,
      body: hasBody ? c.req.raw.body : null,
      signal,
      redirect: 'manual',
      ...(hasBody ? { duplex: 'half' } : {}),
    };
    try {
      const answer = await untilAborted(upstreams[route.service].fetch(new Request(forward.url, init)), signal);
      const headers = new Headers(answer.headers);
      dropHopByHop(headers);
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    } catch {
      if (timeout.signal.aborted) return edgeError(c, 504, `The ${route.service} service did not answer within ${timeoutMs} ms`);
      return edgeError(c, 502, `The ${route.service} service is unavailable`);
    } finally {
      clearTimeout(timer);
    }
  };
}
