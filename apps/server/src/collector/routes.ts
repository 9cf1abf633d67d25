import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { ApiError, envelope, newResponseId } from '../public-api/envelope.ts';
import { appendEventsReturningIds, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { analyticsToLog } from './analytics-event.ts';
import { validateBatch, type ToLogEvent } from './batch.ts';
import { MAX_BATCHES_IN_FLIGHT, MAX_BODY_BYTES, RETRY_AFTER_S } from './constants.ts';
import { groupCommitter } from './group-commit.ts';
import { pingbackToLog } from './pingback-event.ts';

export interface CollectorOptions {
  maxInFlight?: number;
  /** How a group of batches reaches the log; by default one statement on `db`. Resolves to the ids that were new. */
  appendIds?: (events: NewEvent[]) => Promise<string[]>;
  /** Called once per commit that logged new events (main.ts wakes the projection runner with it). */
  onCommitted?: () => void;
}

/**
 * The collector: `POST /pingback` (GIPHY's usage reports) and `POST /analytics` (the embed's events,
 * page views and errors), both `{events:[…]}`. Each batch is appended to the event log idempotently
 * (concurrent batches share one commit) and answered only after commit, saying how many were new.
 * Past a bound of batches in flight (shared by both routes) it sheds load with 429 and Retry-After
 * instead of queueing without limit.
 */
export function collectorRoutes(db: Kysely<Database>, options: CollectorOptions = {}) {
  const maxInFlight = options.maxInFlight ?? MAX_BATCHES_IN_FLIGHT;
  const append = groupCommitter(options.appendIds ?? ((events) => appendEventsReturningIds(db, events)), options.onCommitted);
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new ApiError(413, `body must be at most ${MAX_BODY_BYTES} bytes`); } });
  let inFlight = 0;

  const collect = (toLog: ToLogEvent) => async (c: Context) => {
    if (inFlight >= maxInFlight) {
      c.header('Retry-After', String(RETRY_AFTER_S));
      throw new ApiError(429, 'Collector is busy; retry after the given delay');
    }
    const body = await c.req.json().catch(() => {
      throw new ApiError(400, 'body must be JSON');
    });
    const { events, rejected } = validateBatch(body, new Date(), toLog);
    if (events.length === 0) {
      return c.json({ data: { accepted: 0, duplicates: 0, rejected }, meta: { status: 400, msg: 'every event was rejected', response_id: newResponseId() } }, 400);
    }
    inFlight++;
    try {
      const accepted = await append(events);
      return c.json(envelope({ accepted, duplicates: events.length - accepted, rejected }, newResponseId()));
    } finally {
      inFlight--;
    }
  };

  const app = new Hono();
  app.post('/pingback', limit, collect(pingbackToLog));
  app.post('/analytics', limit, collect(analyticsToLog));
  return app;
}
