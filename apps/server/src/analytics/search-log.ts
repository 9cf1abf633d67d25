import type { Kysely } from 'kysely';
import { normaliseFreeText } from '../boundary/text.ts';
import { deadLetters } from '../store/dead-letters.ts';
import { appendEvents, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { createSearcherHasher, type SearcherIdentity } from './searcher-hash.ts';
import {
  MAX_SEARCH_TERM_LENGTH,
  SEARCH_EVENT_TYPE,
  SEARCH_LOG_FLUSH_MS,
  SEARCH_LOG_MAX_ATTEMPTS,
  SEARCH_LOG_MAX_BACKOFF_MS,
  SEARCH_LOG_MAX_BATCH,
  SEARCH_LOG_MAX_QUEUE,
} from './constants.ts';

export interface SearchRecord {
  q: string;
  /** gifs, stickers, text or videos (clips). */
  type: string;
  resultCount: number;
  /** The response's id, also the `cid` of every result's analytics payload. */
  responseId: string;
  /** Who searched (searcherOf); kept in the log only as a salted hash, and only such searches can trend. */
  searcher?: SearcherIdentity;
}

/** How a query is counted: free text normalised (controls out), lower-cased, cut to a bounded length. */
export function normaliseTerm(q: string): string {
  return normaliseFreeText(q).toLowerCase().slice(0, MAX_SEARCH_TERM_LENGTH).trim();
}

export interface SearchLog {
  /** Queues a search; never waits on the store (the request has already been answered). */
  record(search: SearchRecord): void;
  /** Appends everything queued that the store will take now. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

interface Queued {
  event: NewEvent;
  attempts: number;
  /** Hashed into the event's `searcher` when the search is written, then dropped. */
  searcher?: SearcherIdentity | undefined;
  at: Date;
}

/** A refusal caused by the data itself (SQLSTATE classes 22 and 23), as opposed to the store being unreachable. */
const isDataError = (err: unknown) => /^2[23]/.test(String((err as { code?: unknown }).code ?? ''));

/**
 * A small batched writer for `search.performed` events, off the request path. Each event's id is
 * derived from the response id, so a flush retried after a failure cannot log a search twice. A
 * batch the store refuses for its data is split until the event at fault is alone; that event is
 * retried with backoff and, past SEARCH_LOG_MAX_ATTEMPTS, moved to the dead letters, so no single
 * search can stop the flushes of the others.
 */
export function createSearchLog(db: Kysely<Database>, options: { flushMs?: number; log?: (line: string) => void } = {}): SearchLog {
  const flushMs = options.flushMs ?? SEARCH_LOG_FLUSH_MS;
  const letters = deadLetters(db, options.log);
  const hasher = createSearcherHasher(db);
  let queue: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let failures = 0;

  function schedule(delayMs: number) {
    if (timer) return;
    timer = setTimeout(() => void flush(), delayMs);
    timer.unref();
  }

  /** Writes a batch, splitting it on data errors; returns what must wait for a later flush. */
  async function write(batch: Queued[]): Promise<Queued[]> {
    try {
      await db.transaction().execute((trx) =>
        appendEvents(
          trx,
          batch.map((q) => q.event),
        ),
      );
      return [];
    } catch (err) {
      if (!isDataError(err)) {
        options.log?.(`analytics: search log flush failed: ${(err as Error).message}`);
        return batch;
      }
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        return [...(await write(batch.slice(0, half))), ...(await write(batch.slice(half)))];
      }
      const [one] = batch as [Queued];
      one.attempts++;
      if (one.attempts < SEARCH_LOG_MAX_ATTEMPTS) return [one];
      const kept = await letters.record('search', null, [
        { error: `store refused it ${one.attempts} times: ${(err as Error).message}`, event: one.event },
      ]);
      return kept ? [] : [one];
    }
  }

  /**
   * Writes what was queued when it started; searches recorded meanwhile wait for the next flush.
   * (Draining until the queue stayed empty made a steady stream of searches a stream of one- or
   * two-event transactions, each a pause of the embedded store's thread.)
   */
  async function writeQueued(): Promise<void> {
    const taken = queue;
    queue = [];
    const waiting: Queued[] = [];
    try {
      await hashSearchers(taken);
      for (let i = 0; i < taken.length; i += SEARCH_LOG_MAX_BATCH) waiting.push(...(await write(taken.slice(i, i + SEARCH_LOG_MAX_BATCH))));
    } catch (err) {
      options.log?.(`analytics: search log flush failed: ${(err as Error).message}`);
      waiting.push(...taken);
    }
    queue = [...waiting, ...queue].slice(-SEARCH_LOG_MAX_QUEUE);
    failures = waiting.length > 0 ? failures + 1 : 0;
    if (queue.length > 0) schedule(Math.min(SEARCH_LOG_MAX_BACKOFF_MS, flushMs * 2 ** failures));
  }

  /** Replaces each search's searcher by its hash (the address or account never reaches the log). */
  async function hashSearchers(items: Queued[]): Promise<void> {
    for (const item of items) {
      if (!item.searcher) continue;
      item.event.payload.searcher = await hasher.hash(await item.searcher(), item.at);
      item.searcher = undefined;
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
        attempts: 0,
        searcher: search.searcher,
        at: new Date(),
        event: {
          eventId: `search:${search.responseId}`,
          type: SEARCH_EVENT_TYPE,
          stream: 'search',
          streamId: term,
          payload: { term, type: search.type, result_count: search.resultCount, response_id: search.responseId },
        },
      });
      if (queue.length > SEARCH_LOG_MAX_QUEUE) queue = queue.slice(-SEARCH_LOG_MAX_QUEUE);
      if (queue.length >= SEARCH_LOG_MAX_BATCH) void flush();
      else schedule(flushMs);
    },
    flush,
    async close() {
      await flush();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
