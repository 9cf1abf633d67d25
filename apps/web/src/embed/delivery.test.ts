import { describe, expect, it } from 'vitest';
import { createLogger } from '@loopbox/sdk';
import { pageViewEvent } from './analytics.ts';
import { createPostDelivery } from './delivery.ts';

describe('post delivery', () => {
  const event = pageViewEvent({ userId: 'u1', pagePath: '/embed/abc' }, { now: () => 5, newId: () => 'evt-00000001' });

  it('posts each event as a one-event batch with the API key and keepalive', () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const deliver = createPostDelivery({ url: '/v2/analytics', apiKey: 'k1', logger: createLogger(false), fetch: async (url, init) => (calls.push([String(url), init]), new Response('{}')) });
    deliver(event);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe('/v2/analytics?apikey=k1');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(init!.body))).toEqual({ events: [event] });
  });

  it('sends nothing without an endpoint', () => {
    let sent = 0;
    createPostDelivery({ url: '', apiKey: 'k', logger: createLogger(false), fetch: async () => (sent++, new Response()) })(event);
    expect(sent).toBe(0);
  });
});
