/** An event the pipeline delivers: any collector event, sent as JSON, carrying a client-made id. */
export interface OutgoingEvent {
  event_id: string;
}

/** One unsent event as kept in the queue store, with where it goes and who is sending it. */
export interface QueuedEvent {
  /** The event's id, also the store key. */
  id: string;
  /** The collector URL with its API key, e.g. `/v2/pingback?apikey=KEY`. */
  url: string;
  headers: Record<string, string>;
  event: OutgoingEvent;
  /** The queue that owns it: only the owner sends it, until its lock is gone (ownership.ts). */
  owner: string;
  queuedAt: number;
}

/** Where unsent events are kept: IndexedDB in the worker and service worker, memory elsewhere. */
export interface QueueStore {
  put(entries: QueuedEvent[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  all(): Promise<QueuedEvent[]>;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
