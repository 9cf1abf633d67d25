import { describe, expect, it } from 'vitest';
import { createMemoryLocks } from '../testing/memory-locks.ts';
import { testEvent } from '../testing/recording-fetch.ts';
import { createMemoryQueueStore } from './memory-store.ts';
import { adoptOrphans, holdOwnership, orphansAmong, ownerLockName } from './ownership.ts';
import type { QueuedEvent } from './types.ts';

const entry = (id: string, owner: string): QueuedEvent => ({
  id,
  url: '/v2/pingback?apikey=k',
  headers: {},
  event: testEvent(id),
  owner,
  queuedAt: 1,
});

async function setup() {
  const { locks, end, isHeld } = createMemoryLocks();
  const store = createMemoryQueueStore();
  await holdOwnership(locks, 'live-page');
  await holdOwnership(locks, 'closed-page');
  end(ownerLockName('closed-page'));
  await store.put([entry('live-1', 'live-page'), entry('closed-1', 'closed-page'), entry('closed-2', 'closed-page')]);
  return { locks, end, isHeld, store };
}

describe('queue ownership', () => {
  it('holds an owner lock until released', async () => {
    const { locks, isHeld } = createMemoryLocks();
    const ownership = await holdOwnership(locks, 'page');
    expect(isHeld(ownerLockName('page'))).toBe(true);
    ownership.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isHeld(ownerLockName('page'))).toBe(false);
  });

  it('finds only the events of owners that are gone', async () => {
    const { locks, store } = await setup();
    expect((await orphansAmong(locks, await store.all(), 'me')).map((e) => e.id).sort()).toEqual(['closed-1', 'closed-2']);
  });

  it('adopts orphans once: a second adopter finds them owned by a living first', async () => {
    const { locks, store } = await setup();
    await holdOwnership(locks, 'adopter-1');
    await holdOwnership(locks, 'adopter-2');
    const [first, second] = await Promise.all([adoptOrphans(locks, store, 'adopter-1'), adoptOrphans(locks, store, 'adopter-2')]);
    expect(first.map((e) => e.id).sort()).toEqual(['closed-1', 'closed-2']);
    expect(second).toEqual([]);
    expect(
      (await store.all())
        .filter((e) => e.owner === 'adopter-1')
        .map((e) => e.id)
        .sort(),
    ).toEqual(['closed-1', 'closed-2']);
    expect((await store.all()).find((e) => e.id === 'live-1')?.owner).toBe('live-page');
  });

  it("waits for a closing page's owner to go, up to the given time", async () => {
    const { locks, end, store } = await setup();
    await holdOwnership(locks, 'sw');
    const adopting = adoptOrphans(locks, store, 'sw', 5_000);
    setTimeout(() => end(ownerLockName('live-page')), 20);
    expect((await adopting).map((e) => e.id).sort()).toEqual(['closed-1', 'closed-2', 'live-1']);
  });

  it('leaves a living owner its events when the wait runs out', async () => {
    const { locks, store } = await setup();
    await holdOwnership(locks, 'sw');
    expect((await adoptOrphans(locks, store, 'sw', 30)).map((e) => e.id).sort()).toEqual(['closed-1', 'closed-2']);
  });
});
