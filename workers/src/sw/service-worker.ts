/**
 * The service worker (built into apps/web/dist/sw.js by vite-plugin-service-worker.ts): precaches
 * the light pages' shells and keeps each embed so those pages reload offline, and replays by background sync only
 * the events a closed page left unsent. It never touches a living page's pingback POSTs.
 */
import { REPLAY_MESSAGE, REPLAY_SYNC_TAG, WARM_MESSAGE } from '../constants.ts';
import { createIdbQueueStore } from '../queue/idb-store.ts';
import type { Locks } from '../queue/ownership.ts';
import { replayOrphans } from './replay.ts';
import { isRuntimeCached, shellKeyOf } from './routes.ts';
import { createRuntimeCache } from './runtime.ts';
import { dropOldCaches, precacheShell, shellAsset, warmCaches } from './shell.ts';
import { shellPage } from './shell-page.ts';
import type { ShellManifest } from './shell-manifest.ts';

declare const __LOOPBOX_SHELL__: ShellManifest;

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event, which TypeScript's WebWorker lib does not describe. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

const manifest = __LOOPBOX_SHELL__;
const precachedAssets = new Set(manifest.assets);
const store = createIdbQueueStore();
const runtime = createRuntimeCache();
const replay = () => replayOrphans({ locks: navigator.locks as unknown as Locks, store, fetch: (input, init) => fetch(input, init) });

self.addEventListener('install', (event) => event.waitUntil(precacheShell(caches, manifest).then(() => self.skipWaiting())));
self.addEventListener('activate', (event) => event.waitUntil(dropOldCaches(caches, manifest).then(() => self.clients.claim())));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const shellKey = request.mode === 'navigate' ? shellKeyOf(url.pathname) : undefined;
  if (shellKey) event.respondWith(shellPage(caches, manifest, request, shellKey, (stored) => event.waitUntil(stored)));
  else if (precachedAssets.has(url.pathname)) event.respondWith(shellAsset(caches, manifest, request));
  else if (isRuntimeCached(url.pathname)) event.respondWith(runtime(event, request, url.pathname));
});

self.addEventListener('sync', (event) => {
  if (event.tag === REPLAY_SYNC_TAG) event.waitUntil(replay());
});
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  const reply = (message: unknown) => event.ports[0]?.postMessage(message);
  if (data?.type === REPLAY_MESSAGE) event.waitUntil(replay().then(reply, (error: unknown) => reply({ error: String(error) })));
  if (data?.type === WARM_MESSAGE && Array.isArray(data.urls)) {
    const urls = data.urls.filter((url): url is string => typeof url === 'string');
    event.waitUntil(
      warmCaches(caches, manifest, { respond: runtime, event }, self.location.origin, urls).then((warmed) => reply({ warmed })),
    );
  }
});
