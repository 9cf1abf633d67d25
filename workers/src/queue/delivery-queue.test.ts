import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PINGBACK_DEBOUNCE_MS, PINGBACK_MAX_DELAY_MS } from '../constants.ts';
import { createRecordingFetch, testEvent } from '../testing/recording-fetch.ts';
import { createDeliveryQueue } from './delivery-queue.ts';
import { createIdbQueueStore } from './idb-store.ts';
import { createMemoryQueueStore } from './memory-store.ts';
import type { QueueStore } from './types.ts';

const URL_A = '/v2/pingback?apikey=k';
const URL_B = '/v2/analytics?apikey=k';
const headers = { 'X-Test': '1' };

function setup(
  script: Parameters<typeof createRecordingFetch>[0] = [],
  options: { maxBatch?: number; store?: QueueStore; onStoreError?: (e: unknown) => void; newId?: () => string } = {},
) {
  const recording = createRecordingFetch(script);
  const store = options.store ?? createMemoryQueueStore();
  const queue = createDeliveryQueue({ owner: 'page-1', store, fetch: recording.fetch, random: () => 1, ...options });
  const send = (...ids: string[]) => Promise.all(ids.map((id) => queue.enqueue(URL_A, headers, testEvent(id))));
  const storedIds = async () => (await store.all()).map((entry) => entry.id).sort();
  return { ...recording, store, queue, send, storedIds };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('delivery queue: batching', () => {
  it('sends one batch once no event has come for 1 s, and forgets it once acknowledged', async () => {
    const { send, posts, storedIds } = setup();
    await send('event-a');
    await vi.advanceTimersByTimeAsync(600);
    await send('event-b');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS - 1);
    expect(posts).toHaveLength(0);
    expect(await storedIds()).toEqual(['event-a', 'event-b']);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts.map((p) => p.ids)).toEqual([['event-a', 'event-b']]);
    expect(posts[0]!.init.headers).toMatchObject(headers);
    expect(await storedIds()).toEqual([]);
  });

  it('never lets the first event wait longer than the maximum delay under a steady stream', async () => {
    const { send, posts } = setup();
    for (let elapsed = 0; elapsed < PINGBACK_MAX_DELAY_MS; elapsed += 500) {
      await send(`event-${elapsed}`);
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(posts).toHaveLength(1);
    expect(posts[0]!.ids).toHaveLength(PINGBACK_MAX_DELAY_MS / 500);
  });

  it('sends a full batch at once', async () => {
    const { send, posts } = setup([], { maxBatch: 3 });
    await send('event-1', 'event-2', 'event-3');
    await vi.advanceTimersByTimeAsync(0);
    expect(posts.map((p) => p.ids)).toEqual([['event-1', 'event-2', 'event-3']]);
  });

  it('sends one POST per collector URL', async () => {
    const { queue, posts } = setup();
    await queue.enqueue(URL_A, headers, testEvent('pingback-1'));
    await queue.enqueue(URL_B, headers, testEvent('analytics-1'));
    await queue.enqueue(URL_A, headers, testEvent('pingback-2'));
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(posts.map((p) => [p.url, p.ids])).toEqual([
      [URL_A, ['pingback-1', 'pingback-2']],
      [URL_B, ['analytics-1']],
    ]);
  });
});

describe('delivery queue: retries', () => {
  it('backs off 1 s, 2 s, 4 s after network failures, keeping the events stored, then delivers', async () => {
    const { send, posts, storedIds, queue } = setup(['network', 'network', 'network']);
    await send('event-a');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(posts).toHaveLength(1);
    expect(queue.stats()).toMatchObject({ retrying: true, queued: 1, lastError: 'network error: Failed to fetch' });
    for (const wait of [1000, 2000, 4000]) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      const before = posts.length;
      expect(await storedIds()).toEqual(['event-a']);
      await vi.advanceTimersByTimeAsync(1);
      expect(posts).toHaveLength(before + 1);
    }
    expect(await storedIds()).toEqual([]);
    expect(queue.stats()).toMatchObject({ retrying: false, queued: 0, delivered: 1 });
  });

  it("waits exactly the server's Retry-After on 429 and 503", async () => {
    const { send, posts } = setup([
      { status: 429, headers: { 'Retry-After': '7' } },
      { status: 503, headers: { 'Retry-After': '2' } },
    ]);
    await send('event-a');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    await vi.advanceTimersByTimeAsync(6_999);
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(posts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toHaveLength(3);
  });

  it('holds new events during a backoff and sends them with the retried ones', async () => {
    const { send, posts } = setup(['network']);
    await send('event-a');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    await send('event-b');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(posts.map((p) => p.ids)).toEqual([['event-a'], ['event-a', 'event-b']]);
  });

  it('keeps a batch refused for its key (401, 403) in the persisted queue, backs off, and delivers it once the key works again', async () => {
    // fake-indexeddb schedules with setImmediate: leave it real.
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = createIdbQueueStore('delivery-queue-refused-key', 'queue');
    const { send, posts, queue } = setup([{ status: 401 }, { status: 403 }, { status: 403 }], { store });
    await send('event-a', 'event-b');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(queue.stats()).toMatchObject({ retrying: true, queued: 2, dropped: 0, lastError: '401 status 401' });
    for (const wait of [1000, 2000]) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      const before = posts.length;
      // Kept where a reload or the service worker would find them.
      expect((await createIdbQueueStore('delivery-queue-refused-key', 'queue').all()).map((entry) => entry.id).sort()).toEqual([
        'event-a',
        'event-b',
      ]);
      await vi.advanceTimersByTimeAsync(1);
      expect(posts).toHaveLength(before + 1);
    }
    expect(queue.stats()).toMatchObject({ retrying: true, lastError: '403 status 403' });
    await vi.advanceTimersByTimeAsync(4000);
    expect(posts.map((p) => p.ids)).toEqual(Array(4).fill(['event-a', 'event-b']));
    expect(await store.all()).toEqual([]);
    expect(queue.stats()).toMatchObject({ retrying: false, queued: 0, delivered: 2, dropped: 0 });
  });

  it('drops a refused batch without retrying', async () => {
    const { send, posts, storedIds, queue } = setup([{ status: 400 }]);
    await send('event-a');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(posts).toHaveLength(1);
    expect(await storedIds()).toEqual([]);
    expect(queue.stats()).toMatchObject({ dropped: 1, delivered: 0, lastError: '400 status 400' });
  });

  it('retries at once when told the browser is online again', async () => {
    const { send, posts, queue } = setup(['network']);
    await send('event-a');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(posts).toHaveLength(2);
  });

  it('flushes at once with keepalive when the page goes away, even during a backoff', async () => {
    const { send, posts, queue } = setup(['network']);
    await send('event-a');
    queue.flushNow({ keepalive: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(posts[0]!.init.keepalive).toBe(true);
    queue.flushNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(posts).toHaveLength(1);
    queue.flushNow({ keepalive: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(posts).toHaveLength(2);
  });
});

describe('delivery queue: store', () => {
  it('records owner, URL and headers with each stored event', async () => {
    const { send, store } = setup();
    await send('event-a');
    expect(await store.all()).toEqual([
      { id: 'event-a', url: URL_A, headers, event: testEvent('event-a'), owner: 'page-1', queuedAt: Date.now() },
    ]);
  });

  it('gives an event without an id one, kept across retries', async () => {
    const { queue, posts, store } = setup(['network'], { newId: () => 'made-1' });
    await queue.enqueue(URL_A, headers, { event_id: '' });
    expect((await store.all()).map((e) => e.id)).toEqual(['made-1']);
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(posts.map((p) => p.ids)).toEqual([['made-1'], ['made-1']]);
  });

  it('still sends from memory when the store fails, and says so', async () => {
    const failing: QueueStore = { put: () => Promise.reject(new Error('quota')), remove: async () => {}, all: async () => [] };
    const errors: unknown[] = [];
    const { send, posts } = setup([], { store: failing, onStoreError: (e) => errors.push(e) });
    await send('event-a');
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(posts.map((p) => p.ids)).toEqual([['event-a']]);
    expect(String(errors[0])).toContain('quota');
  });

  it('sends adopted events once, even if adopted twice', async () => {
    const { queue, posts, store } = setup();
    const entry = { id: 'orphan-1', url: URL_A, headers, event: testEvent('orphan-1'), owner: 'page-1', queuedAt: Date.now() };
    await store.put([entry]);
    queue.adopt([entry]);
    queue.adopt([entry]);
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(posts.map((p) => p.ids)).toEqual([['orphan-1']]);
    expect(await store.all()).toEqual([]);
  });
});
