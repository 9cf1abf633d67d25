import type { Kysely } from 'kysely';
import { appendEvents, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { MAX_SEARCH_TERM_LENGTH, SEARCH_EVENT_TYPE, SEARCH_LOG_FLUSH_MS, SEARCH_LOG_MAX_BATCH, SEARCH_LOG_MAX_QUEUE } from './constants.ts';

export interface SearchRecord {
  q: string;
  /** gifs, stickers or text. */
  type: string;
  resultCount: number;
  /** The response's id, also the `cid` of every result's analytics payload. */
  responseId: string;
}

/** How a query is counted: trimmed, lower-cased, inner whitespace collapsed, cut to a bounded length. */
export function normaliseTerm(q: string): string {
  return q.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_TERM_LENGTH).trim();
}

export interface SearchLog {
  /** Queues a search; never waits on the store (the request has already been answered). */
  record(search: SearchRecord): void;
  /** Appends everything queued, in one transaction. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/**
 * A small batched writer for `search.performed` events, off the request path. Each event's id is derived
 * from the response id, so a flush retried after a failure cannot log a search twice.
 */
export function createSearchLog(db: Kysely<Database>, options: { flushMs?: number; log?: (line: string) => void } = {}): SearchLog {
  const flushMs = options.flushMs ?? SEARCH_LOG_FLUSH_MS;
  let queue: NewEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, SEARCH_LOG_MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        await db.transaction().execute((trx) => appendEvents(trx, batch));
      } catch (err) {
        queue = [...batch, ...queue].slice(-SEARCH_LOG_MAX_QUEUE);
        options.log?.(`analytics: search log flush failed: ${(err as Error).message}`);
        return;
      }
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(writeQueued);
    return writing;
  }

  return {
    record(search) {
      const term = normaliseTerm(search.q);
      if (!term) return;
      queue.push({
        eventId: `search:${search.responseId}`,
        type: SEARCH_EVENT_TYPE,
        stream: 'search',
        streamId: term,
        payload: { term, type: search.type, result_count: search.resultCount, response_id: search.responseId },
      });
      if (queue.length > SEARCH_LOG_MAX_QUEUE) queue = queue.slice(-SEARCH_LOG_MAX_QUEUE);
      if (queue.length >= SEARCH_LOG_MAX_BATCH) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
