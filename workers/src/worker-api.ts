import { MemoryCacheStore, type CacheEntry } from '@loopbox/sdk';
import { createDeliveryQueue, type DeliveryQueueOptions, type QueueStats } from './queue/delivery-queue.ts';
import { adoptOrphans, holdOwnership, orphansAmong, type Locks } from './queue/ownership.ts';
import type { OutgoingEvent } from './queue/types.ts';

export interface WorkerStartOptions {
  /** Send what closed pages left (no service worker will): true only without background sync. */
  adoptOrphans: boolean;
}

/** What the pingback Web Worker offers the page, through comlink. */
export interface PipelineWorkerApi {
  /** Takes ownership and checks the store works; rejects when IndexedDB is unusable. */
  start(options: WorkerStartOptions): Promise<void>;
  enqueue(url: string, headers: Record<string, string>, event: OutgoingEvent): Promise<void>;
  flushNow(): void;
  retryNow(): void;
  /** The queue's counters, how many of its events are safely in IndexedDB, and the orphans there (one read). */
  stats(): Promise<QueueStats & { stored: number; orphans: number }>;
  /** How many stored events belong to queues that are gone (the service worker's to replay). */
  orphanCount(): Promise<number>;
  /** Sends what closed pages left, as this queue's own: for when no service worker will replay it. */
  adoptOrphans(): Promise<void>;
  /** The provider client's response cache, held here rather than on the main thread. */
  cacheGet(key: string): CacheEntry<unknown> | undefined;
  cacheSet(key: string, entry: CacheEntry<unknown>): void;
}

export type PipelineWorkerOptions = Omit<DeliveryQueueOptions, 'owner'> & { locks: Locks; owner?: string };

/** The worker's side: one persistent delivery queue owned by this worker, and the response cache. */
export function createPipelineWorkerApi(options: PipelineWorkerOptions): PipelineWorkerApi {
  const owner = options.owner ?? crypto.randomUUID();
  const { locks, store } = options;
  const queue = createDeliveryQueue({ ...options, owner });
  const cache = new MemoryCacheStore<unknown>();
  let started: Promise<void> | undefined;

  const adopt = async () => queue.adopt(await adoptOrphans(locks, store, owner));

  async function start(options: WorkerStartOptions) {
    await holdOwnership(locks, owner);
    await store.all();
    if (options.adoptOrphans) await adopt();
  }

  return {
    start(startOptions) {
      started ??= start(startOptions);
      return started;
    },
    async enqueue(url, headers, event) {
      await started;
      await queue.enqueue(url, headers, event);
    },
    flushNow: () => queue.flushNow({ keepalive: true }),
    retryNow: () => queue.retryNow(),
    async stats() {
      const entries = await store.all();
      const orphans = await orphansAmong(locks, entries, owner);
      return { ...queue.stats(), stored: entries.filter((entry) => entry.owner === owner).length, orphans: orphans.length };
    },
    orphanCount: async () => (await orphansAmong(locks, await store.all(), owner)).length,
    async adoptOrphans() {
      await started;
      await adopt();
    },
    cacheGet: (key) => cache.get(key),
    cacheSet: (key, entry) => cache.set(key, entry),
  };
}
