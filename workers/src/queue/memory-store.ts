import type { QueuedEvent, QueueStore } from './types.ts';

/** The queue store of the main-thread fallback: events live as long as the page. */
export function createMemoryQueueStore(): QueueStore {
  const entries = new Map<string, QueuedEvent>();
  return {
    async put(list) {
      for (const entry of list) entries.set(entry.id, entry);
    },
    async remove(ids) {
      for (const id of ids) entries.delete(id);
    },
    async all() {
      return [...entries.values()];
    },
  };
}
