import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import type { QueuedEvent } from '../src/stores/pingback-queue.ts';
import { createWorker, type WorkerEnv } from '../src/worker.ts';
import type { Collected } from './origin-stand-in.ts';

interface Producer {
  sendBatch(messages: Iterable<{ body: QueuedEvent }>): Promise<unknown>;
}

/** The Miniflare queue producer, noting what the edge sent through it. */
function notingProducer(sent: QueuedEvent[]): Producer {
  const queue = env.PINGBACK_QUEUE as Producer;
  return {
    async sendBatch(messages) {
      const list = [...messages];
      sent.push(...list.map((message) => message.body));
      return queue.sendBatch(list);
    },
  };
}

function workerEnv(queue?: Producer): WorkerEnv {
  return {
    WEB_API_KEY: 'worker-web-key',
    MOBILE_API_KEY: 'worker-mobile-key',
    UPSTREAM_URL: inject('originUrl'),
    KEY_RATE_LIMITER: env.KEY_RATE_LIMITER,
    ADDRESS_RATE_LIMITER: env.ADDRESS_RATE_LIMITER,
    MEDIA_RATE_LIMITER: env.MEDIA_RATE_LIMITER,
    ...(queue ? { PINGBACK_QUEUE: queue } : {}),
  };
}

const pingback = (n: number, extra: Record<string, unknown> = {}) => ({
  action_type: 'SEEN',
  analytics_response_payload: `payload-${n}`,
  user_id: 'visitor-1',
  ts: 1_780_000_000_000 + n,
  ...extra,
});
const collected = async (key: string) => (await (await fetch(`${inject('originUrl')}/_collected?api_key=${key}`)).json()) as Collected;

describe('pingbacks through the Queue binding', () => {
  async function post(
    handler: ReturnType<typeof createWorker>,
    bindings: WorkerEnv,
    path: string,
    body: BodyInit,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const request = new Request(`https://loopbox.example${path}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.50', ...headers },
    });
    const ctx = createExecutionContext();
    const response = await handler.fetch(request, bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }
  let batches = 0;
  /** Runs the Worker's consumer on a Miniflare batch; the delays its retries ask for are noted too (getQueueResult does not report them). */
  async function consume(bindings: WorkerEnv, bodies: QueuedEvent[], attempts: number) {
    batches += 1;
    const batch = createMessageBatch(
      'loopbox-pingbacks',
      bodies.map((body, i) => ({ id: `b${batches}-m${i}`, timestamp: Date.now(), attempts, body })),
    );
    const delays: (number | undefined)[] = [];
    const noting = {
      messages: batch.messages.map((message) => ({
        body: message.body,
        attempts: message.attempts,
        ack: () => message.ack(),
        retry: (options?: { delaySeconds?: number }) => {
          delays.push(options?.delaySeconds);
          message.retry(options);
        },
      })),
    };
    const ctx = createExecutionContext();
    await createWorker().queue(noting, bindings);
    return { ...(await getQueueResult(batch, ctx)), delays };
  }

  it('queues an accepted batch with an id for every event, and the consumer delivers it once though the origin first answers 503', async () => {
    const sent: QueuedEvent[] = [];
    const bindings = workerEnv(notingProducer(sent));
    const handler = createWorker();
    const events = [pingback(1, { event_id: 'client-id-0001' }), pingback(2), 'not an event', pingback(3)];
    const answer = await post(handler, bindings, '/v2/pingback?api_key=down-1', JSON.stringify({ events }));
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: unknown; meta: { status: number } };
    expect(body.data).toEqual({ accepted: 3, duplicates: 0, rejected: [{ index: 2, error: 'event must be a JSON object' }] });
    expect(body.meta.status).toBe(200);
    expect(sent.map((message) => message.route)).toEqual(['pingback', 'pingback', 'pingback']);
    expect(sent.map((message) => message.search)).toEqual(['?api_key=down-1', '?api_key=down-1', '?api_key=down-1']);
    const ids = sent.map((message) => message.event.event_id as string);
    expect(ids[0]).toBe('client-id-0001');
    expect(ids[1]).toMatch(/^d-[A-Za-z0-9_-]{32}$/);
    expect(new Set(ids).size).toBe(3);
    expect((await collected('down-1')).posts).toBe(0); // accepted at the edge: the origin not asked yet

    const refused = await consume(bindings, sent, 1);
    expect(refused.explicitAcks).toEqual([]);
    expect(refused.retryMessages).toHaveLength(3);
    expect(refused.delays).toEqual([2, 2, 2]); // the origin's Retry-After

    const delivered = await consume(bindings, sent, 2);
    expect(delivered.explicitAcks).toHaveLength(3);
    expect(delivered.retryMessages).toEqual([]);
    const again = await consume(bindings, sent, 3); // a batch delivered twice (its acks lost)
    expect(again.explicitAcks).toHaveLength(3);

    const origin = await collected('down-1');
    expect(origin.posts).toBe(3);
    expect(origin.deliveries).toEqual([ids, ids]); // one post per batch, the events with their ids
    expect(origin.stored).toEqual(ids); // each once
  });

  it('gives a re-sent batch the same ids, so it counts once', async () => {
    const sent: QueuedEvent[] = [];
    const bindings = workerEnv(notingProducer(sent));
    const handler = createWorker();
    const body = JSON.stringify({ events: [pingback(7), pingback(8)] });
    await post(handler, bindings, '/v2/pingback?api_key=resender', body);
    await post(handler, bindings, '/v2/pingback?api_key=resender', body);
    expect(sent.slice(2).map((m) => m.event.event_id)).toEqual(sent.slice(0, 2).map((m) => m.event.event_id));
    expect((await consume(bindings, sent, 1)).explicitAcks).toHaveLength(4);
    expect((await collected('resender')).stored).toHaveLength(2);
  });

  it('retries a delivery the origin cannot take at all, and acks one it answers with a refusal', async () => {
    const unreachable = { ...workerEnv(), UPSTREAM_URL: inject('closedUrl') };
    const message: QueuedEvent = { route: 'pingback', search: '?api_key=k', event: pingback(9, { event_id: 'client-id-0009' }) };
    const down = await consume(unreachable, [message], 1);
    expect(down.retryMessages).toHaveLength(1);
    expect(down.explicitAcks).toEqual([]);
    const unknownRoute = await consume(workerEnv(), [{ ...message, route: 'nosuch' as QueuedEvent['route'] }], 1);
    expect(unknownRoute.explicitAcks).toHaveLength(1); // 404: final, asking again cannot help
  });

  it('checks at the edge what it cheaply can, queuing nothing it refuses', async () => {
    const sent: QueuedEvent[] = [];
    const bindings = workerEnv(notingProducer(sent));
    const handler = createWorker();
    const ok = JSON.stringify({ events: [pingback(1)] });
    // A key of its own per call: the suite's per-key limit is 3.
    expect((await post(handler, bindings, '/v2/pingback', ok)).status).toBe(401);
    expect((await post(handler, bindings, '/v2/pingback?api_key=a%20b', ok)).status).toBe(403);
    expect((await post(handler, bindings, '/v2/pingback?api_key=k1', ok, { 'Content-Encoding': 'gzip' })).status).toBe(415);
    expect((await post(handler, bindings, '/v2/pingback?api_key=k2', 'x'.repeat(1_000_001))).status).toBe(413);
    expect((await post(handler, bindings, '/v2/pingback?api_key=k3', '{"events":')).status).toBe(400);
    expect((await post(handler, bindings, '/v2/pingback?api_key=k4', '{"events":[]}')).status).toBe(400);
    expect(
      (
        await post(
          handler,
          bindings,
          '/v2/pingback?api_key=k5',
          JSON.stringify({ events: Array.from({ length: 501 }, (_, i) => pingback(i)) }),
        )
      ).status,
    ).toBe(413);
    const allBad = await post(
      handler,
      bindings,
      '/v2/analytics?api_key=k6',
      JSON.stringify({ events: [{ kind: 'event' }, { event_id: 'short' }] }),
    );
    expect(allBad.status).toBe(400);
    expect(((await allBad.json()) as { data: { rejected: { index: number }[] } }).data.rejected.map((r) => r.index)).toEqual([0, 1]);
    expect(sent).toEqual([]);
  });

  it('proxies to the collector as before without the binding', async () => {
    const answer = await post(
      createWorker(),
      workerEnv(),
      '/v2/pingback?api_key=direct',
      JSON.stringify({ events: [pingback(1, { event_id: 'client-id-0100' })] }),
    );
    expect(answer.status).toBe(200);
    expect((await collected('direct')).stored).toEqual(['client-id-0100']);
  });
});
