import type { Handler } from 'hono';
import type { EdgeEnv } from './env.ts';
import { edgeError } from './errors.ts';
import { dropHopByHop } from './middleware/strip-headers.ts';
import type { Upstreams } from './upstreams.ts';

/** Node's fetch wants `duplex` for a streamed body; the DOM typings do not know it yet. */
type StreamingRequestInit = RequestInit & { duplex?: 'half' };

const TIMED_OUT = Symbol('timed out');

/** A request body passed on as it is, restarting the upstream's timer with each chunk it reads. */
function restartingOnEachChunk(restartTimer: () => void): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      restartTimer();
      controller.enqueue(chunk);
    },
    flush: restartTimer,
  });
}

/**
 * The answer less its hop-by-hop headers, changed in place when its headers may change (an app in
 * this process answered), else copied: what a runtime's fetch answers has immutable headers.
 */
function withoutHopByHop(answer: Response): Response {
  try {
    dropHopByHop(answer.headers);
    return answer;
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    const headers = new Headers(answer.headers);
    dropHopByHop(headers);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  }
}

/**
 * Sends the forwarded request to its route's upstream. An upstream that fails gives a 502, one that has
 * not started answering within `timeoutMs` a 504 (and is aborted); either way within a bounded time,
 * as JSON with the request id. The timer races the upstream, so an in-process one that ignores the
 * abort signal is bounded too. A request body streams through (never buffered here), and the timer
 * starts again with each chunk the upstream reads: a large upload on a slow link is limited by how
 * long it stalls, not by how long it takes, and the upstream then has `timeoutMs` to answer.
 */
export function proxyToUpstream(upstreams: Upstreams, timeoutMs: number): Handler<EdgeEnv> {
  return async (c) => {
    const route = c.get('route');
    const forward = c.get('forward');
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut: (value: typeof TIMED_OUT) => void = () => {};
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timedOut = resolve;
    });
    const restartTimer = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => timedOut(TIMED_OUT), timeoutMs);
    };
    restartTimer();
    const body = hasBody && c.req.raw.body ? c.req.raw.body.pipeThrough(restartingOnEachChunk(restartTimer)) : null;
    const init: StreamingRequestInit = {
      method: c.req.method,
      headers: forward.headers,
      body,
      redirect: 'manual',
      ...(hasBody ? { duplex: 'half' } : {}),
    };
    const abort = new AbortController();
    try {
      const answer = await Promise.race([upstreams[route.service].fetch(new Request(forward.url, init), abort.signal), timeout]);
      if (answer === TIMED_OUT) {
        abort.abort();
        return edgeError(c, 504, `The ${route.service} service did not answer within ${timeoutMs} ms`);
      }
      return withoutHopByHop(answer);
    } catch {
      return edgeError(c, 502, `The ${route.service} service is unavailable`);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  };
}
