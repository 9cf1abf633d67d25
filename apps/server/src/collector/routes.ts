import { Hono, type Context } from 'hono';
import { bodyLimit } from '../http/body-limit.ts';
import type { Kysely } from 'kysely';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import type { ApiEnv } from '../public-api/context.ts';
import { deadLetters, type DeadLetterSource } from '../store/dead-letters.ts';
import { appendEventsReturningIds, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { z } from 'zod';
import { AnalyticsEvent, analyticsToLog } from './analytics-event.ts';
import { validateBatch, type Checked, type Refused, type ToLogEvent } from './batch.ts';
import { MAX_BATCHES_IN_FLIGHT, MAX_BODY_BYTES, MAX_EVENTS_PER_BATCH, RETRY_AFTER_S } from './constants.ts';
import { received } from './fields.ts';
import { groupCommitter } from './group-commit.ts';
import { knownGifs } from './known-gifs.ts';
import { PingbackEvent, pingbackToLog } from './pingback-event.ts';
import { describe } from '../openapi/describe.ts';
import { CollectedAnswer } from '@loopbox/contract/collector';

export interface CollectorOptions {
  payloads: Pick<PayloadSigner, 'ready' | 'verify'>;
  maxInFlight?: number;
  /** How a group of batches reaches the log; by default one statement on `db`. Resolves to the ids that were new. */
  appendIds?: (events: NewEvent[]) => Promise<string[]>;
  /** Called once per commit that logged new events (main.ts wakes the projection runner with it). */
  onCommitted?: () => void;
  log?: (line: string) => void;
}

/** What the reference shows of a batch; each event is held to its schema on its own (batch.ts). */
const PingbackBatch = z.object({ events: z.array(PingbackEvent).min(1).max(MAX_EVENTS_PER_BATCH) });
const AnalyticsBatch = z.object({ events: z.array(AnalyticsEvent).min(1).max(MAX_EVENTS_PER_BATCH) });

const NO_SUCH_GIF = 'gif_id names no GIF on this server';

/**
 * The collector: `POST /pingback` (GIPHY's usage reports) and `POST /analytics` (the embed's events,
 * page views and errors), both `{events:[…]}`. Each event is checked on its own: the good ones are
 * appended to the event log idempotently (concurrent batches share one commit) and answered only
 * after commit; the refused ones go to the dead-letter table with their reason. Past a bound of
 * batches in flight (shared by both routes) it sheds load with 429 and Retry-After.
 */
export function collectorRoutes(db: Kysely<Database>, options: CollectorOptions) {
  const maxInFlight = options.maxInFlight ?? MAX_BATCHES_IN_FLIGHT;
  const append = groupCommitter(options.appendIds ?? ((events) => appendEventsReturningIds(db, events)), {
    onCommitted: options.onCommitted,
  });
  const letters = deadLetters(db, options.log);
  const gifs = knownGifs(db);
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, `body must be at most ${MAX_BODY_BYTES} bytes`);
    },
  });
  let inFlight = 0;

  const collect = (route: DeadLetterSource, toLog: ToLogEvent) => async (c: Context<ApiEnv>) => {
    if (inFlight >= maxInFlight) {
      c.header('Retry-After', String(RETRY_AFTER_S));
      throw new ApiError(429, 'Collector is busy; retry after the given delay');
    }
    const encoding = c.req.header('Content-Encoding');
    if (encoding && encoding.toLowerCase() !== 'identity')
      throw new ApiError(415, `Content-Encoding ${encoding} is not accepted; send the JSON body unencoded`);
    const body = await c.req.json().catch(() => {
      throw new ApiError(400, 'body must be JSON');
    });
    inFlight++;
    try {
      await options.payloads.ready();
      const apiKey = c.get('apiKey');
      const checked = validateBatch(body, { received: received(new Date()), apiKey, payloads: options.payloads }, toLog);
      const missing = await gifs.missing(checked.accepted.map((a) => a.entry));
      const namesNoGif = (a: Checked) => a.entry.stream === 'gif' && missing.has(a.entry.streamId);
      const events = checked.accepted.filter((a) => !namesNoGif(a)).map((a) => a.entry);
      const refused: Refused[] = [
        ...checked.refused,
        ...checked.accepted.filter(namesNoGif).map(({ index, event }) => ({ index, error: NO_SUCH_GIF, event })),
      ];
      refused.sort((a, b) => a.index - b.index);
      await letters.record(route, apiKey, refused);
      const rejected = refused.map(({ index, error }) => ({ index, error }));
      if (events.length === 0) {
        return c.json(
          {
            data: { accepted: 0, duplicates: 0, rejected },
            meta: { status: 400, msg: 'every event was rejected', response_id: newResponseId() },
          },
          400,
        );
      }
      const accepted = await append(events);
      return c.json(envelope({ accepted, duplicates: events.length - accepted, rejected }, newResponseId()));
    } finally {
      inFlight--;
    }
  };

  const app = new Hono<ApiEnv>();
  app.post(
    '/pingback',
    describe({
      tag: 'collector',
      summary: 'Send pingbacks',
      description: `GIPHY's usage reports (SEEN, CLICK, …), up to ${MAX_EVENTS_PER_BATCH} events, each checked on its own: good ones are stored once (by \`event_id\`) and the answer comes after they are committed; refused ones are listed by index. Busy: 429 with Retry-After. The key may be \`api_key\` or \`apikey\`, including the one built into GIPHY's analytics package.`,
      access: { apiKey: 'giphy' },
      body: PingbackBatch,
      response: CollectedAnswer,
    }),
    limit,
    collect('pingback', pingbackToLog),
  );
  app.post(
    '/analytics',
    describe({
      tag: 'collector',
      summary: 'Send embed events, page views and errors',
      description: `Up to ${MAX_EVENTS_PER_BATCH} events, checked and stored like pingbacks.`,
      access: { apiKey: 'giphy' },
      body: AnalyticsBatch,
      response: CollectedAnswer,
    }),
    limit,
    collect('analytics', analyticsToLog),
  );
  return app;
}
