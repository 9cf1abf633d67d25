import type { Logger } from '@loopbox/sdk';
import { REPLAY_MESSAGE, REPLAY_SYNC_TAG, WARM_MESSAGE } from './constants.ts';

/** The page's side of the service worker (sw/service-worker.ts). */
export interface ServiceWorkerClient {
  /** Asks for a replay of what closed pages left: by background sync, and by message where it controls the page. */
  requestReplay(): Promise<void>;
  /** It controls the page and holds what the page needs to reload offline. */
  isOfflineReady(): boolean;
  /** Whether it registered: when it did not (blocked, unsupported), nobody replays what closed pages left. */
  readonly registered: Promise<boolean>;
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Registers the service worker with workbox-window, loaded on demand so it stays out of a page's
 * first bytes. On a first visit the page loaded before the worker existed: once it takes control
 * the page hands it its own URL and every resource it loads (buffered: also those loaded before),
 * so that visit already reloads offline.
 */
export function registerServiceWorker(url: string, logger?: Pick<Logger, 'warn'>): ServiceWorkerClient {
  let offlineReady = navigator.serviceWorker.controller !== null;
  const registered = import('workbox-window')
    .then(async ({ Workbox }) => {
      const workbox = new Workbox(url);
      workbox.addEventListener('controlling', () => {
        const warm = (urls: string[]) =>
          workbox.messageSW({ type: WARM_MESSAGE, urls }).then(
            () => (offlineReady = true),
            (error: unknown) => logger?.warn('service worker warm-up failed', error),
          );
        void warm([location.href]);
        new PerformanceObserver((list) => void warm(list.getEntries().map((entry) => entry.name))).observe({
          type: 'resource',
          buffered: true,
        });
      });
      const registration = (await workbox.register()) as SyncRegistration | undefined;
      return { workbox, registration };
    })
    .catch((error: unknown) => {
      logger?.warn('service worker registration failed', error);
      return undefined;
    });

  return {
    async requestReplay() {
      const sw = await registered;
      // Background sync may be refused (permission, browser); the message below asks for the replay now instead.
      await sw?.registration?.sync?.register(REPLAY_SYNC_TAG).catch(() => {});
      if (navigator.serviceWorker.controller) sw?.workbox.messageSW({ type: REPLAY_MESSAGE }).catch(() => {});
    },
    isOfflineReady: () => offlineReady,
    registered: registered.then((sw) => sw?.registration !== undefined),
  };
}
