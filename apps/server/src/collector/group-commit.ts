import type { NewEvent } from '../store/events.ts';
import { COMMITS_AT_ONCE, MAX_EVENTS_PER_COMMIT } from './constants.ts';

interface Waiting {
  events: NewEvent[];
  resolve(accepted: number): void;
  reject(err: unknown): void;
}

export interface GroupCommitOptions {
  /** Called once per commit that logged new events. */
  onCommitted?: (() => void) | undefined;
  /** Commits under way at once (COMMITS_AT_ONCE by default). */
  atOnce?: number;
}

/**
 * Group commit: while `atOnce` appends are committing, batches that arrive wait and then go together
 * in the next one, so concurrent requests share a transaction (one lock, one WAL flush) instead of
 * queueing on the log lock one by one. More than one commit under way keeps the database busy while
 * the last one's answer travels back and the next group is written out. Each caller resolves only
 * after the commit holding its events, with how many of its own events were new; when a group's
 * commit fails, its batches are retried alone, so one batch's failure never fails its neighbours.
 */
export function groupCommitter(
  appendIds: (events: NewEvent[]) => Promise<string[]>,
  { onCommitted, atOnce = COMMITS_AT_ONCE }: GroupCommitOptions = {},
) {
  let waiting: Waiting[] = [];
  let committing = 0;

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
    // An id sent twice is new for the sender whose commit logged it first and a duplicate for the rest.
    for (const w of group) w.resolve(w.events.reduce((n, e) => (e.eventId !== undefined && fresh.delete(e.eventId) ? n + 1 : n), 0));
  }

  function drain() {
    while (committing < atOnce && waiting.length > 0) {
      committing++;
      void commit(takeGroup()).finally(() => {
        committing--;
        drain();
      });
    }
  }

  return function append(events: NewEvent[]): Promise<number> {
    return new Promise((resolve, reject) => {
      waiting.push({ events, resolve, reject });
      drain();
    });
  };
}
