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
 * events, with how many of its own events were new; when a group's commit fails, its batches are
 * retried alone, so one batch's failure never fails its neighbours.
 */
export function groupCommitter(appendIds: (events: NewEvent[]) => Promise<string[]>, onCommitted?: () => void) {
  let waiting: Waiting[] = [];
  let committing = false;

  function takeGroup(): Waiting[] {
    let size = 0;
    let n = 0;
    while (n < waiting.length && (n === 0 || size + waiting[n]!.events.length <= MAX_EVENTS_PER_COMMIT))
      size += waiting[n++]!.events.length;
    const group = waiting.slice(0, n);
    waiting = waiting.slice(n);
    return group;
  }

  async function commit(group: Waiting[]) {
    let fresh: Set<string>;
    try {
      fresh = new Set(await appendIds(group.flatMap((w) => w.events)));
    } catch (err) {
      // Each batch succeeds or fails alone: a group that failed is retried one batch at a time.
      if (group.length === 1) group[0]!.reject(err);
      else for (const w of group) await commit([w]);
      return;
    }
    if (fresh.size > 0) onCommitted?.();
    // An id sent twice in one group is new for its first sender and a duplicate for the rest.
    for (const w of group) w.resolve(w.events.reduce((n, e) => (e.eventId !== undefined && fresh.delete(e.eventId) ? n + 1 : n), 0));
  }

  async function drain() {
    committing = true;
    while (waiting.length > 0) await commit(takeGroup());
    committing = false;
  }

  return function append(events: NewEvent[]): Promise<number> {
    return new Promise((resolve, reject) => {
      waiting.push({ events, resolve, reject });
      if (!committing) void drain();
    });
  };
}
