import type { NewEvent } from '../store/events.ts';
import { MAX_EVENTS_PER_COMMIT } from './constants.ts';

interface Waiting {
  events: NewEvent[];
  resolve(accepted: number): void;
  reject(err: unknown): void;
}

/**
 * Group commit: while one append is committing, batches that arrive wait and then go together in
 * the next one, so concurrent requests share a transaction (one lock, one WAL flush) instead of
 * queueing on the log lock one by one. Each caller resolves only after the commit holding its
 * events, with how many of its own events were new.
 */
export function groupCommitter(appendIds: (events: NewEvent[]) => Promise<string[]>, onCommitted?: () => void) {
  let waiting: Waiting[] = [];
  let committing = false;

  function takeGroup(): Waiting[] {
    let size = 0;
    let n = 0;
    while (n < waiting.length && (n === 0 || size + waiting[n]!.events.length <= MAX_EVENTS_PER_COMMIT)) size += waiting[n++]!.events.length;
    const group = waiting.slice(0, n);
    waiting = waiting.slice(n);
    return group;
  }

  async function drain() {
    committing = true;
    while (waiting.length > 0) {
      const group = takeGroup();
      let fresh: Set<string>;
      try {
        fresh = new Set(await appendIds(group.flatMap((w) => w.events)));
      } catch (err) {
        for (const w of group) w.reject(err);
        continue;
      }
      if (fresh.size > 0) onCommitted?.();
      // An id sent twice in one group is new for its first sender and a duplicate for the rest.
      for (const w of group) w.resolve(w.events.reduce((n, e) => (e.eventId !== undefined && fresh.delete(e.eventId) ? n + 1 : n), 0));
    }
    committing = false;
  }

  return function append(events: NewEvent[]): Promise<number> {
    return new Promise((resolve, reject) => {
      waiting.push({ events, resolve, reject });
      if (!committing) void drain();
    });
  };
}
