import { createSdkHeaders } from '@loopbox/sdk';
import { collectorUrl } from './collector-url.ts';
import { createDeliveryQueue, type DeliveryQueueOptions } from './queue/delivery-queue.ts';
import { createMemoryQueueStore } from './queue/memory-store.ts';
import type { OutgoingEvent } from './queue/types.ts';

export interface MainThreadSinkOptions extends Partial<Omit<DeliveryQueueOptions, 'owner' | 'store'>> {
  /** The collector, e.g. '/v2/pingback'. */
  url: string;
  apiKey: string;
  /** Default: the SDK identification headers. */
  headers?: Record<string, string>;
}

export interface MainThreadSink {
  send(event: OutgoingEvent): void;
  /** Sends what is queued at once (keepalive, so it survives the page going away) and stops. */
  close(): void;
}

/**
 * Events batched and sent from the main thread with an in-memory queue: the pipeline's fallback
 * where workers or storage are unavailable, and a widget's own sink when no pipeline is given.
 * Retries and backoff are the same as the worker's; only persistence is missing.
 */
export function createMainThreadSink(options: MainThreadSinkOptions): MainThreadSink {
  const url = collectorUrl(options.url, options.apiKey);
  const headers = options.headers ?? createSdkHeaders();
  const queue = createDeliveryQueue({
    fetch: (input, init) => globalThis.fetch(input, init),
    ...options,
    owner: 'main-thread',
    store: createMemoryQueueStore(),
  });
  let closed = false;
  return {
    send(event) {
      if (!closed) void queue.enqueue(url, headers, event);
    },
    close() {
      if (closed) return;
      closed = true;
      queue.flushNow({ keepalive: true });
      queue.stop();
    },
  };
}
