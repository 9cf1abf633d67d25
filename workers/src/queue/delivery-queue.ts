import { newEventId } from '@loopbox/sdk';
import { PINGBACK_DEBOUNCE_MS, PINGBACK_MAX_BATCH, PINGBACK_MAX_DELAY_MS } from '../constants.ts';
import { backoffDelay } from './backoff.ts';
import { postBatch, type BatchOutcome } from './post-batch.ts';
import type { FetchLike, OutgoingEvent, QueuedEvent, QueueStore, Timers } from './types.ts';

export interface DeliveryQueueOptions {
  /** This queue's owner id (ownership.ts): the events it stores carry it. */
  owner: string;
  store: QueueStore;
  fetch: FetchLike;
  timers?: Timers;
  now?: () => number;
  random?: () => number;
  /** Ids for events that come without one; default the SDK's newEventId. */
  newId?: () => string;
  debounceMs?: number;
  maxDelayMs?: number;
  maxBatch?: number;
  /** Told about every POST's outcome (for stats and the debug log). */
  onOutcome?: (outcome: BatchOutcome, events: number) => void;
  /** Told when the store fails; the events are still sent from memory while the page lives. */
  onStoreError?: (error: unknown) => void;
}

export interface QueueStats {
  queued: number;
  inFlight: number;
  /** Waiting out a backoff or a Retry-After before the next attempt. */
  retrying: boolean;
  delivered: number;
  dropped: number;
  lastError: string | null;
}

export interface DeliveryQueue {
  /** Queues an event for `url`, giving it an id if it has none; resolves once it is in the store. */
  enqueue(url: string, headers: Record<string, string>, event: OutgoingEvent): Promise<void>;
  /** Takes over events already re-owned to this queue in the store (ownership.ts). */
  adopt(entries: QueuedEvent[]): void;
  /**
   * Sends what is queued now. With keepalive (the page is going away) a backoff is cut short: it is
   * the last chance; without it a pending backoff is respected.
   */
  flushNow(options?: { keepalive?: boolean }): void;
  /** Ends a backoff early (the browser came back online). */
  retryNow(): void;
  stats(): QueueStats;
  /** Resolves once nothing is queued or in flight. */
  drained(): Promise<void>;
  /** Stops every timer; what is unsent stays in the store for the service worker. */
  stop(): void;
}

const systemTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The pingback queue (SPEC 7.6): events wait until no new one has arrived for the debounce (1 s), a
 * batch is full, or the first has waited the maximum delay; then one POST per collector URL carries
 * them. An event leaves the store only when the collector acknowledged it (or refused it for good);
 * failures back off exponentially, honouring Retry-After.
 */
export function createDeliveryQueue(options: DeliveryQueueOptions): DeliveryQueue {
  const { owner, store } = options;
  const timers = options.timers ?? systemTimers;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const newId = options.newId ?? newEventId;
  const debounceMs = options.debounceMs ?? PINGBACK_DEBOUNCE_MS;
  const maxDelayMs = options.maxDelayMs ?? PINGBACK_MAX_DELAY_MS;
  const maxBatch = options.maxBatch ?? PINGBACK_MAX_BATCH;
  let pending: QueuedEvent[] = [];
  let inFlight: QueuedEvent[] = [];
  let debounceTimer: unknown;
  let retryTimer: unknown;
  let attempt = 0;
  let stopped = false;
  const counts = { delivered: 0, dropped: 0, lastError: null as string | null };
  let waiters: Array<() => void> = [];
  // Store operations run in order, so an acknowledged event's removal never precedes its write.
  let storeChain: Promise<void> = Promise.resolve();

  function storeOp(op: () => Promise<void>): Promise<void> {
    const run = storeChain.then(op).catch((error: unknown) => options.onStoreError?.(error));
    storeChain = run;
    return run;
  }

  function settleWaiters() {
    if (pending.length > 0 || inFlight.length > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  function cancelDebounce() {
    if (debounceTimer === undefined) return;
    timers.clearTimeout(debounceTimer);
    debounceTimer = undefined;
  }

  function schedule() {
    if (stopped || retryTimer !== undefined || inFlight.length > 0 || pending.length === 0) return;
    cancelDebounce();
    if (pending.length >= maxBatch) return void send(false);
    const oldest = pending[0]!.queuedAt;
    const delay = Math.max(0, Math.min(debounceMs, oldest + maxDelayMs - now()));
    debounceTimer = timers.setTimeout(() => {
      debounceTimer = undefined;
      void send(false);
    }, delay);
  }

  async function send(keepalive: boolean) {
    cancelDebounce();
    if (stopped || inFlight.length > 0 || pending.length === 0) return;
    const url = pending[0]!.url;
    const batch = pending.filter((entry) => entry.url === url).slice(0, maxBatch);
    const sent = new Set(batch);
    pending = pending.filter((entry) => !sent.has(entry));
    inFlight = batch;
    const outcome = await postBatch(
      options.fetch,
      url,
      batch[0]!.headers,
      batch.map((entry) => entry.event),
      { keepalive, now },
    );
    inFlight = [];
    options.onOutcome?.(outcome, batch.length);
    if (outcome.kind === 'retry') {
      counts.lastError = outcome.reason;
      pending = [...batch, ...pending];
      attempt += 1;
      if (!stopped) {
        retryTimer = timers.setTimeout(() => {
          retryTimer = undefined;
          void send(false);
        }, outcome.retryAfterMs ?? backoffDelay(attempt, random));
      }
      return;
    }
    attempt = 0;
    if (outcome.kind === 'delivered') counts.delivered += batch.length;
    else {
      counts.dropped += batch.length;
      counts.lastError = outcome.reason;
    }
    await storeOp(() => store.remove(batch.map((entry) => entry.id)));
    settleWaiters();
    // A backlog (left by a retry or a full batch) drains at once; fresh events wait for the debounce.
    if (pending.length > 0 && (pending.length >= maxBatch || now() - pending[0]!.queuedAt >= debounceMs)) void send(false);
    else schedule();
  }

  return {
    enqueue(url, headers, given) {
      // The collector drops a repeated id, so every event needs one before its first attempt.
      const event = given.event_id ? given : { ...given, event_id: newId() };
      const entry: QueuedEvent = { id: event.event_id, url, headers, event, owner, queuedAt: now() };
      pending.push(entry);
      const stored = storeOp(() => store.put([entry]));
      schedule();
      return stored;
    },
    adopt(entries) {
      const known = new Set([...pending, ...inFlight].map((entry) => entry.id));
      pending.push(...entries.filter((entry) => !known.has(entry.id)));
      schedule();
    },
    flushNow({ keepalive = false } = {}) {
      if (retryTimer !== undefined && !keepalive) return;
      timers.clearTimeout(retryTimer);
      retryTimer = undefined;
      void send(keepalive);
    },
    retryNow() {
      if (retryTimer === undefined) return;
      timers.clearTimeout(retryTimer);
      retryTimer = undefined;
      void send(false);
    },
    stats: () => ({ queued: pending.length, inFlight: inFlight.length, retrying: retryTimer !== undefined, ...counts }),
    drained() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleWaiters();
      });
    },
    stop() {
      stopped = true;
      cancelDebounce();
      if (retryTimer !== undefined) timers.clearTimeout(retryTimer);
      retryTimer = undefined;
    },
  };
}
