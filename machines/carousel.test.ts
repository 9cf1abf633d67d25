import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createCarouselMachine } from './carousel.ts';
import { CAROUSEL_FETCH_DEBOUNCE_MS } from './constants.ts';
import type { FetchGifsInput } from './feed.ts';
import { controllablePromiseActor, flushPromises } from './test-support.ts';

describe('carousel machine errors', () => {
  it('swallows a fetch failure: no error flag, no callback, and no retry loop', async () => {
    const clock = new SimulatedClock();
    const fetchGifs = controllablePromiseActor<string[], FetchGifsInput>();
    const errors: unknown[] = [];
    const machine = createCarouselMachine<string>().provide({
      actors: { fetchGifs: fetchGifs.logic },
      actions: { onError: (_, { error }) => errors.push(error) },
    });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(CAROUSEL_FETCH_DEBOUNCE_MS);
    fetchGifs.calls[0]!.reject(new Error('boom'));
    await flushPromises();

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ isError: false, isFetching: false });
    expect(errors).toEqual([]);
    clock.increment(CAROUSEL_FETCH_DEBOUNCE_MS * 4);
    expect(fetchGifs.calls).toHaveLength(1);
  });

  it('fetches again when the loader next shows after a swallowed failure', async () => {
    const clock = new SimulatedClock();
    const fetchGifs = controllablePromiseActor<string[], FetchGifsInput>();
    const actor = createActor(createCarouselMachine<string>().provide({ actors: { fetchGifs: fetchGifs.logic } }), {
      clock,
    }).start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(CAROUSEL_FETCH_DEBOUNCE_MS);
    fetchGifs.calls[0]!.reject(new Error('boom'));
    await flushPromises();
    actor.send({ type: 'LOADER_HIDDEN' });
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(CAROUSEL_FETCH_DEBOUNCE_MS);
    expect(fetchGifs.calls.map((c) => c.input)).toEqual([{ offset: 0 }, { offset: 0 }]);
  });
});
