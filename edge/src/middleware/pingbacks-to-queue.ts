import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  API_KEY_PARAMS,
  API_KEY_SHAPE,
  COLLECTOR_EVENT_ID_PATTERN,
  COLLECTOR_MAX_BODY_BYTES,
  COLLECTOR_MAX_EVENTS_PER_BATCH,
  QUEUE_MESSAGE_MAX_BYTES,
  QUEUE_RETRY_DELAY_S,
  QUEUE_SEND_MAX_BYTES,
  QUEUE_SEND_MAX_MESSAGES,
} from '../constants.ts';
import type { EdgeEnv } from '../env.ts';
import { derivedEventId } from '../pingback-event-id.ts';
import type { PingbackQueue, QueuedEvent } from '../stores/pingback-queue.ts';

/** The collector's batch routes (the origin's COLLECTOR_PATHS less the simple GET pingback, which goes on to the origin). */
const QUEUED_ROUTES = /^\/v2\/(pingback|analytics)\/?$/;

interface Rejected {
  index: number;
  error: string;
}

function responseId(): string {
  return [...crypto.getRandomValues(new Uint8Array(20))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The collector's own refusal shape (the origin's errorBody), so a client cannot tell who refused. */
function refusal(c: Context<EdgeEnv>, status: ContentfulStatusCode, msg: string, headers?: Record<string, string>): Response {
  return c.json({ meta: { status, msg, response_id: responseId() } }, status, headers);
}

/** The body as text, or null past `max` bytes (read no further than that). */
async function boundedText(body: ReadableStream<Uint8Array> | null, max: number): Promise<string | null> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

/** Why the edge refuses one event, or null: only what it can tell cheaply; the origin checks the rest on delivery. */
function eventProblem(route: QueuedEvent['route'], event: unknown): string | null {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'event must be a JSON object';
  const id = (event as { event_id?: unknown }).event_id;
  if (id === undefined && route === 'analytics') return 'event_id is required';
  if (id !== undefined && (typeof id !== 'string' || !COLLECTOR_EVENT_ID_PATTERN.test(id)))
    return 'event_id must be 8 to 64 letters, digits or _.:-';
  return null;
}

/** Messages in sendBatch-sized groups (Queues' count and byte limits). */
function* sendGroups(messages: { body: QueuedEvent; bytes: number }[]): Generator<{ body: QueuedEvent }[]> {
  let group: { body: QueuedEvent }[] = [];
  let bytes = 0;
  for (const message of messages) {
    if (group.length === QUEUE_SEND_MAX_MESSAGES || bytes + message.bytes > QUEUE_SEND_MAX_BYTES) {
      yield group;
      group = [];
      bytes = 0;
    }
    group.push({ body: message.body });
    bytes += message.bytes;
  }
  if (group.length > 0) yield group;
}

/**
 * `POST /v2/pingback` and `/v2/analytics` accepted at the edge: the batch is checked as far as the
 * edge can cheaply (a key of the right shape, size, encoding, JSON, the `{events:[…]}` shape, each
 * event an object with a well-formed id), each pingback without an id is given the id the origin
 * would derive, and every event is queued as its own message; the answer is the collector's for an
 * accepted batch. The queue's consumer (pingback-delivery.ts) posts them to the origin's collector,
 * which checks them in full and stores each once by its id. A queue that refuses the send gives the
 * collector's busy answer (503, Retry-After): the client re-sends, and the ids make that count once.
 */
export function pingbacksToQueue(queue: PingbackQueue): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const { url } = c.get('forward');
    const route = QUEUED_ROUTES.exec(url.pathname)?.[1] as QueuedEvent['route'] | undefined;
    if (c.req.method !== 'POST' || !route) return next();
    const key = API_KEY_PARAMS.map((name) => url.searchParams.get(name)).find((value) => value);
    if (!key) return refusal(c, 401, 'No API key found in request');
    if (!API_KEY_SHAPE.test(key)) return refusal(c, 403, 'Invalid authentication credentials');
    const encoding = c.req.header('Content-Encoding');
    if (encoding && encoding.toLowerCase() !== 'identity')
      return refusal(c, 415, `Content-Encoding ${encoding} is not accepted; send the JSON body unencoded`);
    const text = await boundedText(c.req.raw.body, COLLECTOR_MAX_BODY_BYTES);
    if (text === null) return refusal(c, 413, `body must be at most ${COLLECTOR_MAX_BODY_BYTES} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refusal(c, 400, 'body must be JSON');
    }
    const events = (body as { events?: unknown } | null)?.events;
    if (typeof body !== 'object' || body === null || !Array.isArray(events))
      return refusal(c, 400, 'body must be a JSON object with an events array');
    if (events.length === 0) return refusal(c, 400, 'events must not be empty');
    if (events.length > COLLECTOR_MAX_EVENTS_PER_BATCH)
      return refusal(c, 413, `events may hold at most ${COLLECTOR_MAX_EVENTS_PER_BATCH} events`);

    const rejected: Rejected[] = [];
    const messages: { body: QueuedEvent; bytes: number }[] = [];
    for (const [index, candidate] of events.entries()) {
      const problem = eventProblem(route, candidate);
      if (problem) {
        rejected.push({ index, error: problem });
        continue;
      }
      const event = candidate as Record<string, unknown>;
      const withId = event.event_id === undefined ? { ...event, event_id: await derivedEventId(event) } : event;
      const message: QueuedEvent = { route, search: url.search, event: withId };
      const bytes = new TextEncoder().encode(JSON.stringify(message)).byteLength;
      if (bytes > QUEUE_MESSAGE_MAX_BYTES) rejected.push({ index, error: `event must be at most ${QUEUE_MESSAGE_MAX_BYTES} bytes` });
      else messages.push({ body: message, bytes });
    }
    if (messages.length === 0) {
      return c.json(
        {
          data: { accepted: 0, duplicates: 0, rejected },
          meta: { status: 400, msg: 'every event was rejected', response_id: responseId() },
        },
        400,
      );
    }
    try {
      for (const group of sendGroups(messages)) await queue.sendBatch(group);
    } catch {
      return refusal(c, 503, 'Collector is busy; retry after the given delay', { 'Retry-After': String(QUEUE_RETRY_DELAY_S) });
    }
    return c.json({
      data: { accepted: messages.length, duplicates: 0, rejected },
      meta: { status: 200, msg: 'OK', response_id: responseId() },
    });
  };
}
