/** Which collector route a queued event was posted to, and its query (the API key). */
export interface QueuedEvent {
  route: 'pingback' | 'analytics';
  search: string;
  /** The event as the client sent it, with its event_id. */
  event: Record<string, unknown>;
}

/** The parts of a Queue producer binding the edge sends with. */
export interface PingbackQueue {
  sendBatch(messages: Iterable<{ body: QueuedEvent }>): Promise<unknown>;
}

/** The parts of a Queue consumer's batch the delivery uses. */
export interface QueuedMessage {
  readonly body: QueuedEvent;
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export interface QueuedBatch {
  readonly messages: readonly QueuedMessage[];
}

export function isPingbackQueue(value: unknown): value is PingbackQueue {
  return typeof value === 'object' && value !== null && typeof (value as PingbackQueue).sendBatch === 'function';
}
