import { createSdkHeaders, type FetchLike } from '@loopbox/sdk';
import { PINGBACK_DEBOUNCE_MS, PINGBACK_MAX_BATCH } from '../constants.ts';
import type { PingbackEvent, PingbackSink } from './types.ts';

export interface FetchPingbackSinkOptions {
  /** The collector, e.g. '/v2/pingback' (LOOPBOX_CONFIG.pingbackUrl). */
  url: string;
  /** Sent as the `apikey` query parameter. */
  apiKey: string;
  /** Default: the platform fetch. */
  fetch?: FetchLike;
  /** Default: the SDK identification headers (name JavascriptSDK, version, platform web). */
  headers?: Record<string, string>;
  /** Quiet period before a batch is sent; default PINGBACK_DEBOUNCE_MS (1 s). */
  debounceMs?: number;
  /** A batch this large is sent at once; default PINGBACK_MAX_BATCH. */
  maxBatch?: number;
  /** Timer functions; default the global ones (tests pass fakes). */
  timers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };
  /** Called when a POST fails; default console.warn. Failed batches are not retried here. */
  onError?: (error: unknown) => void;
}

/** The collector URL with the API key: `/v2/pingback?apikey=KEY`. */
export function pingbackEndpoint(url: string, apiKey: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(apiKey)}`;
}

/**
 * A sink that queues events and POSTs them as one `{ events }` batch once no event has arrived for
 * `debounceMs` (SPEC 7.6, 7.7). `close()` sends what is queued at once (with keepalive, so it
 * survives the page going away) and leaves no timer behind; later events are dropped.
 */
export function createFetchPingbackSink(options: FetchPingbackSinkOptions): PingbackSink {
  const endpoint = pingbackEndpoint(options.url, options.apiKey);
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const headers = { 'Content-Type': 'application/json', ...(options.headers ?? createSdkHeaders()) };
  const debounceMs = options.debounceMs ?? PINGBACK_DEBOUNCE_MS;
  const maxBatch = options.maxBatch ?? PINGBACK_MAX_BATCH;
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const onError = options.onError ?? ((error: unknown) => console.warn('Loopbox pingback failed', error));
  let queue: PingbackEvent[] = [];
  let timer: unknown;
  let closed = false;

  function cancelTimer() {
    if (timer === undefined) return;
    timers.clearTimeout(timer);
    timer = undefined;
  }

  function flush() {
    cancelTimer();
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    fetchImpl(endpoint, { method: 'POST', headers, body: JSON.stringify({ events }), keepalive: true }).then(
      (response) => {
        if (!response.ok) onError(new Error(`pingback POST answered ${response.status}`));
      },
      onError,
    );
  }

  return {
    send(event) {
      if (closed) return;
      queue.push(event);
      cancelTimer();
      if (queue.length >= maxBatch) flush();
      else timer = timers.setTimeout(flush, debounceMs);
    },
    close() {
      if (closed) return;
      closed = true;
      flush();
    },
  };
}
