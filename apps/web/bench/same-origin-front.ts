import { Worker } from 'node:worker_threads';

/** Where the front serves the static reference pages; every other path goes to the server. */
export const REFERENCE_PREFIX = '/__bench/reference/';
const THREAD = new URL('./same-origin-front-thread.mjs', import.meta.url);

export interface SameOriginFront {
  /** The front's origin: load our pages and the reference pages from it. */
  origin: string;
  /** Serves `html` at `${origin}${REFERENCE_PREFIX}${name}` and returns that URL. */
  addReference(name: string, html: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A plain HTTP/1.1 front on 127.0.0.1, on its own thread (same-origin-front-thread.mjs), that passes
 * every request through to `target` (headers and bodies streamed as they are) and serves the static
 * reference pages itself. Our pages and their reference pages then share one origin, one connection
 * pool and the server's HTTP stack for the media (the server writes media URLs from the request's
 * Host, so they name the front too), and the emulated link of the throttled profile delays both alike.
 */
export async function startSameOriginFront(target: string): Promise<SameOriginFront> {
  const worker = new Worker(THREAD, { workerData: { target, prefix: REFERENCE_PREFIX } });
  const reply = <K extends string>(key: K) =>
    new Promise<Record<K, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        worker.off('message', onMessage);
        resolve(message as Record<K, unknown>);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const { port } = await reply('port');
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    async addReference(name, html) {
      const added = reply('added');
      worker.postMessage({ reference: { name, html } });
      await added;
      return `${origin}${REFERENCE_PREFIX}${name}`;
    },
    async close() {
      const closed = reply('closed');
      worker.postMessage({ close: true });
      await closed;
      await worker.terminate();
    },
  };
}
