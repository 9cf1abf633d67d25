import { createStore, delMany, setMany, values } from 'idb-keyval';
import { QUEUE_DB_NAME, QUEUE_STORE_NAME } from '../constants.ts';
import type { QueuedEvent, QueueStore } from './types.ts';

/**
 * The persistent queue store: one IndexedDB record per event, keyed by event id, shared by every
 * page's worker and the service worker of the origin. Writes are single transactions, so an event
 * is either wholly stored or not at all.
 */
export function createIdbQueueStore(dbName = QUEUE_DB_NAME, storeName = QUEUE_STORE_NAME): QueueStore {
  const store = createStore(dbName, storeName);
  return {
    put: (entries) =>
      setMany(
        entries.map((entry) => [entry.id, entry]),
        store,
      ),
    remove: (ids) => delMany(ids, store),
    all: () => values<QueuedEvent>(store),
  };
}
