import { createSdkHeaders, MemoryCacheStore, type CacheStore, type Logger, type WireEnvelope } from '@loopbox/sdk';
import type { Remote } from 'comlink';
import { collectorUrl } from './collector-url.ts';
import { MAX_ATTRIBUTE_LENGTH } from './constants.ts';
import type { DeliveryQueue, QueueStats } from './queue/delivery-queue.ts';
import type { OutgoingEvent } from './queue/types.ts';
import { registerServiceWorker, type ServiceWorkerClient } from './service-worker-client.ts';
import type { PipelineWorkerApi } from './worker-api.ts';

export type PipelineMode = 'worker' | 'main-thread';

export interface AnalyticsPipelineOptions {
  apiKey: string;
  /** Usage reports (SEEN, CLICK, HOVER, START): the page config's pingbackUrl, e.g. '/v2/pingback'. */
  pingbackUrl: string;
  /** Analytics events and page views, e.g. '/v2/analytics'. */
  analyticsUrl: string;
  /** The service worker script ('/sw.js'); null registers none. */
  serviceWorkerUrl: string | null;
  /** Default: the SDK identification headers. */
  headers?: Record<string, string>;
  /** Default: the pingback Web Worker of this package. */
  createWorker?: () => Worker;
  logger?: Pick<Logger, 'debug' | 'warn'>;
}

export interface PipelineStats extends QueueStats {
  mode: PipelineMode;
  /** Events closed pages left that the service worker has still to replay. */
  orphans: number;
  /** The service worker controls the page and holds what it needs to reload offline. */
  offlineReady: boolean;
  /** This page's events in IndexedDB (none on the main thread, where nothing is stored). */
  stored: number;
}

/** One page's analytics pipeline: every widget and the embed send through it. */
export interface AnalyticsPipeline {
  /** A widget PingbackSink. */
  readonly pingbackSink: { send(event: OutgoingEvent): void };
  sendAnalytics(event: OutgoingEvent): void;
  /** The provider client's cache store, in the worker once it runs (in memory until then). */
  readonly cacheStore: CacheStore<WireEnvelope>;
  /** Which layer ended up sending: the worker, or the main thread where workers or storage fail. */
  readonly ready: Promise<PipelineMode>;
  stats(): Promise<PipelineStats>;
}

const createPingbackWorker = () =>
  new Worker(new URL('./pingback-worker.ts', import.meta.url), { type: 'module', name: 'loopbox-pingback' });

const canPersist = () => typeof Worker !== 'undefined' && typeof indexedDB !== 'undefined' && 'locks' in navigator;
const hasBackgroundSync = (serviceWorkerUrl: string | null) =>
  serviceWorkerUrl !== null && 'serviceWorker' in navigator && typeof (globalThis as { SyncManager?: unknown }).SyncManager !== 'undefined';

/**
 * A usage report with the page it came from (`attributes.page_path`), so the analytics can count it
 * per page type (SPEC 2.3); a report that names its page already is left alone.
 */
function withPagePath(event: OutgoingEvent): OutgoingEvent {
  const { attributes } = event as { attributes?: Record<string, unknown> };
  if (attributes?.page_path !== undefined) return event;
  return { ...event, attributes: { ...attributes, page_path: location.pathname.slice(0, MAX_ATTRIBUTE_LENGTH) } } as OutgoingEvent;
}

/**
 * Starts the page's pipeline: the pingback Web Worker with its IndexedDB queue when the browser
 * allows, else an in-memory queue on the main thread; and the service worker, which replays what a
 * closed page left unsent. Events sent before the choice is made wait in order and go to the winner.
 */
export function startAnalyticsPipeline(options: AnalyticsPipelineOptions): AnalyticsPipeline {
  const headers = options.headers ?? createSdkHeaders();
  const urls = {
    pingback: collectorUrl(options.pingbackUrl, options.apiKey),
    analytics: collectorUrl(options.analyticsUrl, options.apiKey),
  };
  const backgroundSync = hasBackgroundSync(options.serviceWorkerUrl);
  const memoryCache = new MemoryCacheStore<WireEnvelope>();
  const early: Array<[string, OutgoingEvent]> = [];
  let send = (url: string, event: OutgoingEvent) => void early.push([url, event]);
  const switchTo = (next: typeof send) => {
    send = next;
    for (const [url, event] of early.splice(0)) next(url, event);
  };
  let worker: Worker | undefined;
  let remote: Remote<PipelineWorkerApi> | undefined;
  let fallback: DeliveryQueue | undefined;
  const serviceWorker: ServiceWorkerClient | undefined =
    options.serviceWorkerUrl !== null && 'serviceWorker' in navigator
      ? registerServiceWorker(options.serviceWorkerUrl, options.logger)
      : undefined;

  /**
   * Where background sync exists, the service worker replays orphans and a page only tells it there
   * are some; where it did not register after all (blocked, or failed), the page sends them itself.
   */
  async function replayIfOrphans(api: Remote<PipelineWorkerApi>) {
    if (!backgroundSync || (await api.orphanCount()) === 0) return;
    if (await serviceWorker?.registered) await serviceWorker?.requestReplay();
    else await api.adoptOrphans();
  }

  async function startWorker(): Promise<Remote<PipelineWorkerApi>> {
    worker = (options.createWorker ?? createPingbackWorker)();
    const { wrap } = await import('comlink');
    const api = wrap<PipelineWorkerApi>(worker);
    await api.start({ adoptOrphans: !backgroundSync });
    return api;
  }

  const ready: Promise<PipelineMode> = (
    canPersist() ? startWorker() : Promise.reject(new Error('workers, IndexedDB or Web Locks unavailable'))
  ).then(
    (api) => {
      remote = api;
      switchTo(
        (url, event) => void api.enqueue(url, headers, event).catch((error: unknown) => options.logger?.warn('pingback not stored', error)),
      );
      void replayIfOrphans(api);
      return 'worker' as const;
    },
    async (error: unknown) => {
      options.logger?.debug('pingbacks from the main thread', error);
      worker?.terminate();
      worker = undefined;
      const [{ createDeliveryQueue }, { createMemoryQueueStore }] = await Promise.all([
        import('./queue/delivery-queue.ts'),
        import('./queue/memory-store.ts'),
      ]);
      const queue = createDeliveryQueue({
        owner: 'main-thread',
        store: createMemoryQueueStore(),
        fetch: (input, init) => globalThis.fetch(input, init),
      });
      fallback = queue;
      switchTo((url, event) => void queue.enqueue(url, headers, event));
      return 'main-thread' as const;
    },
  );

  const onPageHide = () => {
    remote?.flushNow();
    fallback?.flushNow({ keepalive: true });
    // Whatever the worker cannot send before the page goes is the service worker's to replay.
    if (remote && backgroundSync) void serviceWorker?.requestReplay();
  };
  const onHidden = () => document.visibilityState === 'hidden' && onPageHide();
  const onOnline = () => {
    remote?.retryNow();
    fallback?.retryNow();
    if (remote) void replayIfOrphans(remote);
  };
  addEventListener('pagehide', onPageHide);
  addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onHidden);

  return {
    pingbackSink: { send: (event) => send(urls.pingback, withPagePath(event)) },
    sendAnalytics: (event) => send(urls.analytics, event),
    cacheStore: {
      get: (key) => (remote ? (remote.cacheGet(key) as Promise<ReturnType<typeof memoryCache.get>>) : memoryCache.get(key)),
      set: (key, entry) => (remote ? remote.cacheSet(key, entry) : memoryCache.set(key, entry)),
    },
    ready,
    async stats() {
      const mode = await ready;
      const offlineReady = serviceWorker?.isOfflineReady() ?? false;
      if (remote) return { mode, ...(await remote.stats()), offlineReady };
      return { mode, ...fallback!.stats(), orphans: 0, offlineReady, stored: 0 };
    },
  };
}
