import { describe, expect, it } from 'vitest';
import { createMemoryQueueStore } from '../queue/memory-store.ts';
import { holdOwnership, ownerLockName } from '../queue/ownership.ts';
import type { QueuedEvent } from '../queue/types.ts';
import { createMemoryLocks } from '../testing/memory-locks.ts';
import { createRecordingFetch, testEvent } from '../testing/recording-fetch.ts';
import { batchesOf, replayOrphans } from './replay.ts';

const PINGBACK = '/v2/pingback?apikey=k';
const ANALYTICS = '/v2/analytics?apikey=k';
const entry = (id: string, owner: string, url = PINGBACK, queuedAt = 1): QueuedEvent => ({
  id,
  url,
  headers: { 'X-Test': '1' },
  event: testEvent(id),
  owner,
  queuedAt,
});

async function setup(script: Parameters<typeof createRecordingFetch>[0] = []) {
  const { locks, end } = createMemoryLocks();
  const store = createMemoryQueueStore();
  await holdOwnership(locks, 'open-page');
  await holdOwnership(locks, 'closed-page');
  end(ownerLockName('closed-page'));
  await store.put([entry('open-1', 'open-page'), entry('closed-1', 'closed-page'), entry('closed-2', 'closed-page', ANALYTICS)]);
  const recording = createRecordingFetch(script);
  const replay = () => replayOrphans({ locks, store, fetch: recording.fetch, waitMs: 10 });
  return { store, replay, ...recording };
}

describe('service worker replay', () => {
  it('sends only what closed pages left, per collector URL, and forgets it once acknowledged', async () => {
    const { store, replay, posts } = await setup();
    expect(await replay()).toEqual({ adopted: 2, delivered: 2, dropped: 0 });
    expect(posts.map((p) => [p.url, p.ids])).toEqual([
      [PINGBACK, ['closed-1']],
      [ANALYTICS, ['closed-2']],
    ]);
    expect(posts[0]!.init.headers).toMatchObject({ 'X-Test': '1' });
    expect((await store.all()).map((e) => e.id)).toEqual(['open-1']);
  });

  it('throws on a failed batch so background sync retries, and the next run takes the rest', async () => {
    const { store, replay, posts } = await setup(['network']);
    await expect(replay()).rejects.toThrow('replay of 1 events failed: network error');
    expect((await store.all()).map((e) => e.id).sort()).toEqual(['closed-1', 'closed-2', 'open-1']);
    expect(await replay()).toEqual({ adopted: 2, delivered: 2, dropped: 0 });
    expect(posts.map((p) => p.ids)).toEqual([['closed-1'], ['closed-1'], ['closed-2']]);
  });

  it('sends each orphan once when two replays run at once (sync and message)', async () => {
    const { store, replay, posts } = await setup();
    const results = await Promise.all([replay(), replay()]);
    expect(results.map((r) => r.adopted).sort()).toEqual([0, 2]);
    expect(posts.flatMap((p) => p.ids).sort()).toEqual(['closed-1', 'closed-2']);
    expect((await store.all()).map((e) => e.id)).toEqual(['open-1']);
  });

  it('keeps orphans refused for their key (401, 403) for a later replay, which delivers them once the key works', async () => {
    const { store, replay, posts } = await setup([{ status: 403 }, { status: 401 }]);
    await expect(replay()).rejects.toThrow('replay of 1 events failed: 403');
    await expect(replay()).rejects.toThrow('replay of 1 events failed: 401');
    expect((await store.all()).map((e) => e.id).sort()).toEqual(['closed-1', 'closed-2', 'open-1']);
    expect(await replay()).toEqual({ adopted: 2, delivered: 2, dropped: 0 });
    expect(posts.map((p) => p.ids)).toEqual([['closed-1'], ['closed-1'], ['closed-1'], ['closed-2']]);
  });

  it('drops what the collector refuses for good', async () => {
    const { store, replay } = await setup([{ status: 400 }]);
    expect(await replay()).toEqual({ adopted: 2, delivered: 1, dropped: 1 });
    expect((await store.all()).map((e) => e.id)).toEqual(['open-1']);
  });
});

describe('batchesOf', () => {
  it('groups by URL, oldest first, in batches of the given size', () => {
    const entries = [
      entry('c', 'x', PINGBACK, 3),
      entry('a', 'x', PINGBACK, 1),
      entry('b', 'x', ANALYTICS, 2),
      entry('d', 'x', PINGBACK, 4),
    ];
    expect(batchesOf(entries, 2).map((batch) => batch.map((e) => e.id))).toEqual([['a', 'c'], ['d'], ['b']]);
  });
});
