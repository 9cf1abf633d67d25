import { SDK_NAME, SDK_VERSION } from '@loopbox/sdk';
import { describe, expect, it, vi } from 'vitest';
import { PINGBACK_DEBOUNCE_MS } from '../constants.ts';
import { createFetchPingbackSink, pingbackEndpoint } from './fetch-sink.ts';
import type { PingbackEvent } from './types.ts';

const event = (id: string): PingbackEvent => ({
  event_id: id,
  action_type: 'SEEN',
  analytics_response_payload: 'p',
  user_id: '0123456789abcdef',
  ts: 1,
  attributes: { layout_type: 'GRID' },
});

/** A sink on a recording fetch and a hand-driven timer. */
function setup(options: { maxBatch?: number } = {}) {
  const posts: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    posts.push({ url, init });
    return new Response('{}', { status: 200 });
  });
  let pending: { fn: () => void; ms: number } | undefined;
  const timers = {
    setTimeout: (fn: () => void, ms: number) => (pending = { fn, ms }),
    clearTimeout: () => (pending = undefined),
  };
  const sink = createFetchPingbackSink({ url: '/v2/pingback', apiKey: 'k 1', fetch, timers, ...options });
  const fire = () => {
    const timer = pending;
    pending = undefined;
    timer?.fn();
  };
  const bodies = () => posts.map((p) => JSON.parse(String(p.init.body)).events.map((e: PingbackEvent) => e.event_id));
  return { sink, posts, bodies, fire, pendingMs: () => pending?.ms };
}

describe('fetch pingback sink', () => {
  it('batches events into one POST after a 1 s quiet period', () => {
    const { sink, posts, bodies, fire, pendingMs } = setup();
    sink.send(event('a'));
    sink.send(event('b'));
    expect(posts).toEqual([]);
    expect(pendingMs()).toBe(PINGBACK_DEBOUNCE_MS);
    fire();
    expect(bodies()).toEqual([['a', 'b']]);
    sink.send(event('c'));
    fire();
    expect(bodies()).toEqual([['a', 'b'], ['c']]);
  });

  it('POSTs JSON to the collector with the API key and the SDK headers', () => {
    const { sink, posts, fire } = setup();
    sink.send(event('a'));
    fire();
    const [{ url, init }] = posts as [(typeof posts)[0]];
    expect(url).toBe('/v2/pingback?apikey=k%201');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-GIPHY-SDK-NAME': SDK_NAME,
      'X-GIPHY-SDK-VERSION': SDK_VERSION,
      'X-GIPHY-SDK-PLATFORM': 'web',
    });
    expect(SDK_NAME).toBe('JavascriptSDK');
    expect(JSON.parse(String(init.body))).toEqual({ events: [event('a')] });
  });

  it('sends a full batch at once', () => {
    const { sink, bodies, pendingMs } = setup({ maxBatch: 2 });
    sink.send(event('a'));
    sink.send(event('b'));
    expect(bodies()).toEqual([['a', 'b']]);
    expect(pendingMs()).toBeUndefined();
  });

  it('close sends what is queued at once, leaves no timer and drops later events', () => {
    const { sink, bodies, pendingMs, fire } = setup();
    sink.send(event('a'));
    sink.close?.();
    expect(bodies()).toEqual([['a']]);
    expect(pendingMs()).toBeUndefined();
    sink.send(event('b'));
    fire();
    sink.close?.();
    expect(bodies()).toEqual([['a']]);
  });

  it('reports a failed POST to onError and carries on', async () => {
    const errors: unknown[] = [];
    const fetch = vi.fn(async () => new Response('no', { status: 503 }));
    const sink = createFetchPingbackSink({ url: '/v2/pingback?x=1', apiKey: 'k', fetch, maxBatch: 1, onError: (e) => errors.push(e) });
    sink.send(event('a'));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(String(errors[0])).toContain('503');
    expect(pingbackEndpoint('/v2/pingback?x=1', 'k')).toBe('/v2/pingback?x=1&apikey=k');
  });
});
