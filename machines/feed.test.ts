import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createCarouselMachine } from './carousel.ts';
import { CAROUSEL_FETCH_DEBOUNCE_MS, GRID_FETCH_DEBOUNCE_MS } from './constants.ts';
import type { FetchGifsInput } from './feed.ts';
import { createGridMachine } from './grid.ts';
import { controllablePromiseActor, flushPromises } from './test-support.ts';

// Behaviour shared by Grid and Carousel; error handling is in grid.test.ts / carousel.test.ts.
const variants = [
  { name: 'grid', create: createGridMachine<string>, debounceMs: GRID_FETCH_DEBOUNCE_MS },
  { name: 'carousel', create: createCarouselMachine<string>, debounceMs: CAROUSEL_FETCH_DEBOUNCE_MS },
] as const;

describe.each(variants)('$name feed', ({ create, debounceMs }) => {
  function start() {
    const clock = new SimulatedClock();
    const fetchGifs = controllablePromiseActor<string[], FetchGifsInput>();
    const actor = createActor(create().provide({ actors: { fetchGifs: fetchGifs.logic } }), { clock });
    actor.start();
    return { actor, clock, fetches: fetchGifs.calls };
  }

  /** The first page fetched and resolved with `gifs`, the loader still showing: the debounce runs for the next. */
  async function afterFirstPage(gifs: string[] = ['a']) {
    const started = start();
    started.actor.send({ type: 'LOADER_VISIBLE' });
    started.fetches[0]!.resolve(gifs);
    await flushPromises();
    return started;
  }

  it('starts unstarted with an empty, not-fetching feed', () => {
    const { actor, fetches } = start();
    expect(actor.getSnapshot().value).toBe('unstarted');
    expect(actor.getSnapshot().context).toEqual({
      gifs: [],
      isFetching: false,
      isError: false,
      isLoaderVisible: false,
      isDoneFetching: false,
    });
    expect(fetches).toHaveLength(0);
  });

  it('fetches offset 0 as soon as the loader first shows: the first page has nothing to debounce', () => {
    const { actor, fetches } = start();
    actor.send({ type: 'LOADER_VISIBLE' });
    expect(fetches.map((f) => f.input)).toEqual([{ offset: 0 }]);
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context).toMatchObject({ isFetching: true, isLoaderVisible: true });
  });

  it('does not fetch the first page while the loader stays hidden', () => {
    const { actor, clock, fetches } = start();
    actor.send({ type: 'LOADER_HIDDEN' });
    clock.increment(debounceMs * 4);
    expect(fetches).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('unstarted');
  });

  it(`fetches a later page ${debounceMs} ms after the loader shows`, async () => {
    const { actor, clock, fetches } = await afterFirstPage();
    actor.send({ type: 'LOADER_HIDDEN' });
    actor.send({ type: 'LOADER_VISIBLE' });
    expect(actor.getSnapshot().value).toBe('debouncing');
    clock.increment(debounceMs - 1);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    expect(fetches.map((f) => f.input)).toEqual([{ offset: 0 }, { offset: 1 }]);
    expect(actor.getSnapshot().context.isFetching).toBe(true);
  });

  it('cancels the pending fetch when the loader hides during the debounce', async () => {
    const { actor, clock, fetches } = await afterFirstPage();
    clock.increment(debounceMs - 1);
    actor.send({ type: 'LOADER_HIDDEN' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.isLoaderVisible).toBe(false);
    clock.increment(debounceMs * 4);
    expect(fetches).toHaveLength(1);
  });

  it('coalesces a burst of loader triggers into one fetch, timed from the last one', async () => {
    const { actor, clock, fetches } = await afterFirstPage();
    clock.increment(debounceMs - 1);
    actor.send({ type: 'LOADER_VISIBLE' }); // repeated trigger restarts the window
    clock.increment(debounceMs - 1);
    actor.send({ type: 'LOADER_HIDDEN' });
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs - 1);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    expect(fetches).toHaveLength(2);
    clock.increment(debounceMs * 4);
    expect(fetches).toHaveLength(2);
  });

  it('replaces the list and fetches the next page at the new length while the loader stays visible', async () => {
    const { actor, clock, fetches } = start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    fetches[0]!.resolve(['a', 'b']);
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({ gifs: ['a', 'b'], isFetching: false });
    expect(actor.getSnapshot().value).toBe('debouncing');
    clock.increment(debounceMs - 1);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    expect(fetches[1]!.input).toEqual({ offset: 2 });
  });

  it('waits idle after a page when the loader has hidden meanwhile, and resumes when it shows', async () => {
    const { actor, clock, fetches } = start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    actor.send({ type: 'LOADER_HIDDEN' });
    expect(actor.getSnapshot().value).toBe('fetching'); // visibility only updates the flag
    expect(actor.getSnapshot().context.isLoaderVisible).toBe(false);
    fetches[0]!.resolve(['a']);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('idle');
    clock.increment(debounceMs * 4);
    expect(fetches).toHaveLength(1);
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    expect(fetches[1]!.input).toEqual({ offset: 1 });
  });

  it('is done fetching when a page returns the same length, and then ignores the loader', async () => {
    const { actor, clock, fetches } = start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    fetches[0]!.resolve(['a']);
    await flushPromises();
    clock.increment(debounceMs);
    fetches[1]!.resolve(['a']);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ gifs: ['a'], isDoneFetching: true, isFetching: false });
    actor.send({ type: 'LOADER_HIDDEN' });
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs * 4);
    expect(fetches).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.isLoaderVisible).toBe(true);
  });

  it('is done with an empty list when the first page is empty (the no-results case)', async () => {
    const { actor, clock, fetches } = start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    fetches[0]!.resolve([]);
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({ gifs: [], isDoneFetching: true });
  });

  it('RESET drops an in-flight page, clears the list and refetches from offset 0', async () => {
    const { actor, clock, fetches } = start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    fetches[0]!.resolve(['a', 'b']);
    await flushPromises();
    clock.increment(debounceMs);
    actor.send({ type: 'RESET' });
    fetches[1]!.resolve(['a', 'b', 'c']); // from the old source: must be ignored
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('debouncing');
    expect(actor.getSnapshot().context).toMatchObject({ gifs: [], isFetching: false, isDoneFetching: false });
    clock.increment(debounceMs);
    expect(fetches[2]!.input).toEqual({ offset: 0 });
  });

  it('RESET restarts a running debounce, and waits it out even for the new first page', async () => {
    const { actor, clock, fetches } = await afterFirstPage();
    clock.increment(debounceMs - 1);
    actor.send({ type: 'RESET' });
    clock.increment(debounceMs - 1);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    expect(fetches.map((f) => f.input)).toEqual([{ offset: 0 }, { offset: 0 }]);
  });

  it('RESET after done with the loader hidden waits idle with a fresh feed', async () => {
    const { actor, clock, fetches } = start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    fetches[0]!.resolve([]);
    await flushPromises();
    actor.send({ type: 'LOADER_HIDDEN' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.isDoneFetching).toBe(false);
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(debounceMs);
    expect(fetches).toHaveLength(2);
  });

  it('ignores RETRY when nothing failed', () => {
    const { actor, fetches } = start();
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('unstarted');
    expect(fetches).toHaveLength(0);
  });
});
