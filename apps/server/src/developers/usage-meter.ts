import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { appendEvents, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { HOURLY_COUNTS_KEPT_MS, USAGE_EVENT_TYPE, USAGE_FLUSH_MS, USAGE_MAX_BUCKETS, type KeyedApi } from './constants.ts';
import { pruneHourlyCounts } from './hourly-limit.ts';

export interface UsageCall {
  key: string;
  api: KeyedApi;
  /** The route's pattern (`/v1/gifs/:id`), never the path as sent, so the buckets stay few. */
  endpoint: string;
  status: number;
}

export interface UsageMeter {
  /** Counts a call in memory; costs no query. */
  count(call: UsageCall): void;
  /** Appends the counts so far as `api.usage` events (one per key, day, API, endpoint and status). */
  flush(): Promise<void>;
  start(): void;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/**
 * Calls made with developers' keys, counted per process and appended to the event log as aggregate
 * events every USAGE_FLUSH_MS (docs/decisions.md: a call costs a map increment, not a write). A batch
 * keeps its event ids until the store takes it, so a flush retried after a failure never counts twice.
 */
export function createUsageMeter(
  db: Kysely<Database>,
  options: { flushMs?: number; now?: () => Date; log?: (line: string) => void } = {},
): UsageMeter {
  const now = options.now ?? (() => new Date());
  let counts = new Map<string, { call: UsageCall; day: string; calls: number }>();
  let pending: NewEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    if (counts.size > 0) {
      const ts = now();
      pending = [
        ...pending,
        ...[...counts.values()].map(({ call, day, calls }) => ({
          eventId: `usage:${randomUUID()}`,
          type: USAGE_EVENT_TYPE,
          stream: 'api_key',
          streamId: call.key,
          ts,
          payload: { key: call.key, day, api: call.api, endpoint: call.endpoint, status: call.status, calls },
        })),
      ];
      counts = new Map();
    }
    if (pending.length === 0) return;
    try {
      await db.transaction().execute((trx) => appendEvents(trx, pending));
      pending = [];
      await pruneHourlyCounts(db, HOURLY_COUNTS_KEPT_MS, now().getTime());
    } catch (err) {
      options.log?.(`developers: usage flush failed (kept for the next): ${(err as Error).message}`);
    }
  }

  const flush = () => (writing = writing.then(write));

  return {
    count(call) {
      const day = now().toISOString().slice(0, 10);
      const id = `${call.key}\u0000${day}\u0000${call.api}\u0000${call.endpoint}\u0000${call.status}`;
      const bucket = counts.get(id);
      if (bucket) bucket.calls += 1;
      else if (counts.size < USAGE_MAX_BUCKETS) counts.set(id, { call, day, calls: 1 });
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), options.flushMs ?? USAGE_FLUSH_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
