import { OWNER_RELEASE_WAIT_MS } from '../constants.ts';
import { adoptOrphans, holdOwnership, type Locks } from '../queue/ownership.ts';
import { postBatch } from '../queue/post-batch.ts';
import type { FetchLike, QueuedEvent, QueueStore } from '../queue/types.ts';
import { PINGBACK_MAX_BATCH } from '../constants.ts';

export interface ReplayOptions {
  locks: Locks;
  store: QueueStore;
  fetch: FetchLike;
  /** How long to wait for a closing page's worker to let go of its events. */
  waitMs?: number;
  maxBatch?: number;
}

export interface ReplayResult {
  adopted: number;
  delivered: number;
  dropped: number;
}

/**
 * The service worker's replay: takes over only the events whose page is gone (their owner's lock is
 * free), sends them in batches per collector URL, and removes each batch once the collector
 * acknowledged it. A batch that fails throws, so background sync tries again later; this run's
 * ownership ends with it, so the next run (or a page without background sync) can adopt the rest.
 */
export async function replayOrphans(options: ReplayOptions): Promise<ReplayResult> {
  const owner = `sw-${crypto.randomUUID()}`;
  const maxBatch = options.maxBatch ?? PINGBACK_MAX_BATCH;
  const ownership = await holdOwnership(options.locks, owner);
  try {
    const adopted = await adoptOrphans(options.locks, options.store, owner, options.waitMs ?? OWNER_RELEASE_WAIT_MS);
    const result: ReplayResult = { adopted: adopted.length, delivered: 0, dropped: 0 };
    for (const batch of batchesOf(adopted, maxBatch)) {
      const outcome = await postBatch(
        options.fetch,
        batch[0]!.url,
        batch[0]!.headers,
        batch.map((entry) => entry.event),
      );
      if (outcome.kind === 'retry') throw new Error(`replay of ${batch.length} events failed: ${outcome.reason}`);
      await options.store.remove(batch.map((entry) => entry.id));
      result[outcome.kind] += batch.length;
    }
    return result;
  } finally {
    ownership.release();
  }
}

/** Entries in batches of at most `size`, each batch going to one URL, oldest first. */
export function batchesOf(entries: QueuedEvent[], size: number): QueuedEvent[][] {
  const byUrl = new Map<string, QueuedEvent[]>();
  for (const entry of [...entries].sort((a, b) => a.queuedAt - b.queuedAt)) {
    const list = byUrl.get(entry.url) ?? [];
    list.push(entry);
    byUrl.set(entry.url, list);
  }
  const batches: QueuedEvent[][] = [];
  for (const list of byUrl.values()) for (let i = 0; i < list.length; i += size) batches.push(list.slice(i, i + size));
  return batches;
}
