import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { testEvent } from '../testing/recording-fetch.ts';
import { createIdbQueueStore } from './idb-store.ts';

const entry = (id: string) => ({ id, url: '/v2/pingback?apikey=k', headers: {}, event: testEvent(id), owner: 'page-1', queuedAt: 1 });

describe('IndexedDB queue store', () => {
  it('keeps events across store instances (a reload) until removed', async () => {
    const first = createIdbQueueStore('idb-store-test', 'queue');
    await first.put([entry('event-a'), entry('event-b')]);
    const second = createIdbQueueStore('idb-store-test', 'queue');
    expect((await second.all()).map((e) => e.id).sort()).toEqual(['event-a', 'event-b']);
    await second.remove(['event-a']);
    expect(await first.all()).toEqual([entry('event-b')]);
  });

  it('overwrites an event stored again under the same id (adoption re-owns in place)', async () => {
    const store = createIdbQueueStore('idb-store-test-2', 'queue');
    await store.put([entry('event-a')]);
    await store.put([{ ...entry('event-a'), owner: 'sw-1' }]);
    expect((await store.all()).map((e) => e.owner)).toEqual(['sw-1']);
  });
});
