/**
 * The pingback Web Worker: the page's events are queued in IndexedDB and sent from here, off the
 * main thread (comlink exposes worker-api.ts to pipeline.ts).
 */
import { expose } from 'comlink';
import { createIdbQueueStore } from './queue/idb-store.ts';
import type { Locks } from './queue/ownership.ts';
import { createPipelineWorkerApi } from './worker-api.ts';

expose(
  createPipelineWorkerApi({
    store: createIdbQueueStore(),
    locks: navigator.locks as unknown as Locks,
    fetch: (input, init) => fetch(input, init),
  }),
);
