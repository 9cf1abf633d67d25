import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { ApiError, envelope, newResponseId } from '../public-api/envelope.ts';
import { appendEvents, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { MAX_BATCHES_IN_FLIGHT, MAX_BODY_BYTES, MAX_EVENTS_PER_BATCH, RETRY_AFTER_S } from './constants.ts';
import { decodePayload, PingbackEvent, toLogEvent } from './pingback-event.ts';

export interface Rejected {
  index: number;
  error: string;
}

/**
 * Validates a batch event by event. Policy: good events are kept and bad ones reported by index.
 * A malformed event never becomes valid by retrying, so refusing the whole batch would make the
 * client either drop its good events or resend them forever.
 */
export function validateBatch(body: unknown, receivedAt: Date): { events: NewEvent[]; rejected: Rejected[] } {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { events?: unknown }).events)) {
    throw new ApiError(400, 'body must be a JSON object with an events array');
  }
  const raw = (body as { events: unknown[] }).events;
  if (raw.length === 0) throw new ApiError(400, 'events must not be empty');
  if (raw.length > MAX_EVENTS_PER_BATCH) throw new ApiError(413, `events may hold at most ${MAX_EVENTS_PER_BATCH} events`);
  const events: NewEvent[] = [];
  const rejected: Rejected[] = [];
  raw.forEach((candidate, index) => {
    const parsed = PingbackEvent.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      rejected.push({ index, error: issue ? (issue.message.startsWith(String(issue.path[0] ?? '')) ? issue.message : `${where}: ${issue.message}`) : 'invalid event' });
      return;
    }
    const payload = decodePayload(parsed.data.analytics_response_payload);
    if (!payload) {
      rejected.push({ index, error: 'analytics_response_payload is not one this server issued' });
      return;
    }
    events.push(toLogEvent(parsed.data, payload.gifId, payload, receivedAt));
  });
  return { events, rejected };
}

/**
 * POST /v2/pingback?apikey=… (GIPHY's body shape `{events:[…]}`): appends the batch to the event log
 * idempotently and answers only after commit, saying how many were new. Past a bound of batches in
 * flight it sheds load with 429 and Retry-After instead of queueing without limit.
 */
export interface CollectorOptions {
  maxInFlight?: number;
  /** How a validated batch reaches the log; by default one transaction on `db`. */
  append?: (events: NewEvent[]) => Promise<number>;
}

export function pingbackRoutes(db: Kysely<Database>, options: CollectorOptions = {}) {
  const maxInFlight = options.maxInFlight ?? MAX_BATCHES_IN_FLIGHT;
  const append = options.append ?? ((events: NewEvent[]) => db.transaction().execute((trx) => appendEvents(trx, events)));
  const app = new Hono();
  let inFlight = 0;
  app.post(
    '/pingback',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new ApiError(413, `body must be at most ${MAX_BODY_BYTES} bytes`); } }),
    async (c) => {
      if (inFlight >= maxInFlight) {
        c.header('Retry-After', String(RETRY_AFTER_S));
        throw new ApiError(429, 'Collector is busy; retry after the given delay');
      }
      const body = await c.req.json().catch(() => {
        throw new ApiError(400, 'body must be JSON');
      });
      const { events, rejected } = validateBatch(body, new Date());
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
    },
  );
  return app;
}
