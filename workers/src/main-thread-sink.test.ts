import { SDK_NAME } from '@loopbox/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PINGBACK_DEBOUNCE_MS } from './constants.ts';
import { createMainThreadSink } from './main-thread-sink.ts';
import { createRecordingFetch, testEvent } from './testing/recording-fetch.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('main-thread sink', () => {
  it('POSTs a batch to the collector with the API key and the SDK headers after the debounce', async () => {
    const { fetch, posts } = createRecordingFetch();
    const sink = createMainThreadSink({ url: '/v2/pingback', apiKey: 'k 1', fetch });
    sink.send(testEvent('event-a'));
    sink.send(testEvent('event-b'));
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(posts.map((p) => [p.url, p.ids])).toEqual([['/v2/pingback?apikey=k%201', ['event-a', 'event-b']]]);
    expect(JSON.stringify(posts[0]!.init.headers)).toContain(SDK_NAME);
  });

  it('sends what it holds at once with keepalive on close, and nothing after', async () => {
    const { fetch, posts } = createRecordingFetch();
    const sink = createMainThreadSink({ url: '/v2/pingback', apiKey: 'k', fetch });
    sink.send(testEvent('event-a'));
    sink.close();
    sink.send(testEvent('event-b'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts.map((p) => [p.ids, p.init.keepalive])).toEqual([[['event-a'], true]]);
  });
});
