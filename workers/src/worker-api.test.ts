import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PINGBACK_DEBOUNCE_MS } from './constants.ts';
import { createIdbQueueStore } from './queue/idb-store.ts';
import { ownerLockName } from './queue/ownership.ts';
import { createMemoryLocks } from './testing/memory-locks.ts';
import { createRecordingFetch, testEvent } from './testing/recording-fetch.ts';
import { createPipelineWorkerApi } from './worker-api.ts';

const URL = '/v2/pingback?apikey=k';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pingback worker', () => {
  it('persists events under its own lock, so a page that dies leaves them as orphans for the next', async () => {
    const { locks, end, isHeld } = createMemoryLocks();
    const store = createIdbQueueStore(`worker-api-${Math.random()}`, 'queue');
    const first = createPipelineWorkerApi({ locks, store, fetch: createRecordingFetch(['network']).fetch, owner: 'page-1' });
    await first.start({ adoptOrphans: false });
    expect(isHeld(ownerLockName('page-1'))).toBe(true);
    await first.enqueue(URL, {}, testEvent('event-a'));
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(await first.stats()).toMatchObject({ queued: 1, retrying: true, stored: 1 });

    const recording = createRecordingFetch();
    const second = createPipelineWorkerApi({ locks, store, fetch: recording.fetch, owner: 'page-2' });
    await second.start({ adoptOrphans: false });
    expect(await second.orphanCount()).toBe(0);
    end(ownerLockName('page-1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(await second.orphanCount()).toBe(1);

    const adopter = createPipelineWorkerApi({ locks, store, fetch: recording.fetch, owner: 'page-3' });
    await adopter.start({ adoptOrphans: true });
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(recording.posts.map((p) => p.ids)).toEqual([['event-a']]);
    expect(await store.all()).toEqual([]);
  });

  it('sends what a closed page left when asked to, once no service worker will (it did not register)', async () => {
    const { locks, end } = createMemoryLocks();
    const store = createIdbQueueStore(`worker-api-${Math.random()}`, 'queue');
    // A page that closed sends nothing more: its every attempt fails.
    const gone = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    const closed = createPipelineWorkerApi({ locks, store, fetch: gone, owner: 'page-1' });
    await closed.start({ adoptOrphans: false });
    await closed.enqueue(URL, {}, testEvent('left-behind'));
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    end(ownerLockName('page-1'));

    const recording = createRecordingFetch();
    const next = createPipelineWorkerApi({ locks, store, fetch: recording.fetch, owner: 'page-2' });
    await next.start({ adoptOrphans: false });
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(recording.posts).toEqual([]);
    expect(await next.orphanCount()).toBe(1);
    await next.adoptOrphans();
    await vi.advanceTimersByTimeAsync(PINGBACK_DEBOUNCE_MS);
    expect(recording.posts.map((p) => p.ids)).toEqual([['left-behind']]);
    expect(await store.all()).toEqual([]);
    expect(await next.orphanCount()).toBe(0);
  });

  it('holds the provider cache entries', async () => {
    const { locks } = createMemoryLocks();
    const api = createPipelineWorkerApi({
      locks,
      store: createIdbQueueStore(`worker-api-${Math.random()}`, 'queue'),
      fetch: createRecordingFetch().fetch,
    });
    const entry = { storedAt: 1, ok: true as const, value: { data: [] } };
    api.cacheSet('/v1/gifs/trending', entry);
    expect(api.cacheGet('/v1/gifs/trending')).toEqual(entry);
    expect(api.cacheGet('/v1/gifs/search')).toBeUndefined();
  });
});
