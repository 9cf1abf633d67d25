import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { ApiError, envelope, newResponseId } from '../public-api/envelope.ts';
import { appendEvents, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { analyticsToLog } from './analytics-event.ts';
import { validateBatch, type ToLogEvent } from './batch.ts';
import { MAX_BATCHES_IN_FLIGHT, MAX_BODY_BYTES, RETRY_AFTER_S } from './constants.ts';
import { pingbackToLog } from './pingback-event.ts';

export interface CollectorOptions {
  maxInFlight?: number;
  /** How a validated batch reaches the log; by default one transaction on `db`. Resolves to how many were new. */
  append?: (events: NewEvent[]) => Promise<number>;
  /** Called after events were committed (e.g. to wake the projection runner). */
  onCommitted?: () => void;
}

/**
 * The collector: `POST /pingback` (GIPHY's usage reports) and `POST /analytics` (the embed's events,
 * page views and errors), both `{events:[…]}`. Each batch is appended to the event log idempotently
 * and answered only after commit, saying how many were new. Past a bound of batches in flight (shared
 * by both routes) it sheds load with 429 and Retry-After instead of queueing without limit.
 */
export function collectorRoutes(db: Kysely<Database>, options: CollectorOptions = {}) {
  const maxInFlight = options.maxInFlight ?? MAX_BATCHES_IN_FLIGHT;
  const append = options.append ?? ((events: NewEvent[]) => db.transaction().execute((trx) => appendEvents(trx, events)));
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
    let accepted: number;
    try {
      accepted = await append(events);
    } finally {
      inFlight--;
    }
    if (accepted > 0) options.onCommitted?.();
    return c.json(envelope({ accepted, duplicates: events.length - accepted, rejected }, newResponseId()));
  };

  const app = new Hono();
  app.post('/pingback', limit, collect(pingbackToLog));
  app.post('/analytics', limit, collect(analyticsToLog));
  return app;
}
