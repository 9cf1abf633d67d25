import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server.ts';
import { storeKinds } from '../../tests/support/stores.ts';
import type { EdgeLogger } from '../src/logger.ts';
import { deliverPingbacks } from '../src/pingback-delivery.ts';
import { derivedEventId } from '../src/pingback-event-id.ts';
import type { QueuedEvent, QueuedMessage } from '../src/stores/pingback-queue.ts';
import { urlUpstream } from '../src/upstreams.ts';

/** A consumer batch's messages as Queues hands them over, noting what the consumer decided for each (Miniflare's own run: pingback-queue.spec.ts). */
function batchOf(bodies: QueuedEvent[]) {
  const outcome: ('ack' | `retry ${number | undefined}`)[] = [];
  const messages: QueuedMessage[] = bodies.map((body, i) => ({
    body,
    attempts: 1,
    ack: () => {
      outcome[i] = 'ack';
    },
    retry: (options) => {
      outcome[i] = `retry ${options?.delaySeconds}`;
    },
  }));
  return { messages, outcome };
}

const errors: Record<string, unknown>[] = [];
const logger: EdgeLogger = { info: () => undefined, error: (fields) => void errors.push(fields) };

/** The Worker's queue consumer against the real collector (started without its edge, as behind Workers), on each store. */
describe.each(storeKinds())('queued pingbacks delivered to the collector (%s)', (kind) => {
  let server: TestServer;
  let payload: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { edge: false });
    const { body } = await server.get('/v1/gifs/search?q=pizza&limit=1');
    payload = body.data[0].analytics_response_payload;
  });
  afterAll(async () => {
    await server?.close();
  });
  const logged = (ids: string[]) =>
    server.store.db.selectFrom('events').select(['event_id', 'type']).where('event_id', 'in', ids).execute();

  it('delivers a batch with its ids once: retried while the collector is down, counted once when delivered twice', async () => {
    const sent = (n: number) => ({
      action_type: 'SEEN',
      analytics_response_payload: payload,
      user_id: `visitor-${kind}`,
      ts: Date.now() + n,
    });
    const events: Record<string, unknown>[] = [{ ...sent(1), event_id: `edge-${kind}-${Date.now()}` }, sent(2), sent(3)];
    // What the edge queues: a derived id for each pingback sent without one.
    const bodies: QueuedEvent[] = await Promise.all(
      events.map(async (event) => ({
        route: 'pingback' as const,
        search: `?api_key=${server.webKey}`,
        event: { ...event, event_id: event.event_id ?? (await derivedEventId(event)) },
      })),
    );
    const ids = bodies.map((body) => body.event.event_id as string);
    const collector = urlUpstream(server.baseUrl);

    server.setCollectorDown(true);
    const down = batchOf(bodies);
    await deliverPingbacks(down, collector, 10_000, logger);
    expect(down.outcome).toEqual(['retry 1', 'retry 1', 'retry 1']); // the collector's Retry-After: 1
    expect(await logged(ids)).toHaveLength(0);

    server.setCollectorDown(false);
    const delivered = batchOf(bodies);
    await deliverPingbacks(delivered, collector, 10_000, logger);
    expect(delivered.outcome).toEqual(['ack', 'ack', 'ack']);
    const again = batchOf(bodies);
    await deliverPingbacks(again, collector, 10_000, logger);
    expect(again.outcome).toEqual(['ack', 'ack', 'ack']);

    const rows = await logged(ids);
    expect(rows.map((row) => row.event_id).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => row.type === 'pingback.seen')).toBe(true);
  });

  it('acknowledges what the collector refuses for good, and logs it', async () => {
    const refused = batchOf([
      {
        route: 'pingback',
        search: '?api_key=lb_not_issued_key',
        event: {
          action_type: 'SEEN',
          analytics_response_payload: payload,
          user_id: 'v',
          ts: Date.now(),
          event_id: `refused-${kind}-${Date.now()}`,
        },
      },
    ]);
    await deliverPingbacks(refused, urlUpstream(server.baseUrl), 10_000, logger);
    expect(refused.outcome).toEqual(['ack']);
    expect(errors.at(-1)).toMatchObject({ route: '/v2/pingback', status: 403, events: 1 });
  });

  it('retries a batch when the collector cannot be reached', async () => {
    const unreachable = batchOf([
      { route: 'analytics', search: `?api_key=${server.webKey}`, event: { event_id: `unreached-${Date.now()}` } },
    ]);
    await deliverPingbacks(unreachable, urlUpstream('http://127.0.0.1:9'), 10_000, logger);
    expect(unreachable.outcome).toEqual(['retry 10']);
  });
});
