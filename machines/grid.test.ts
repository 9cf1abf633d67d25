import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { GRID_FETCH_DEBOUNCE_MS } from './constants.ts';
import type { FetchGifsInput } from './feed.ts';
import { createGridMachine } from './grid.ts';
import { controllablePromiseActor, flushPromises } from './test-support.ts';

describe('grid machine errors', () => {
  function start() {
    const clock = new SimulatedClock();
    const fetchGifs = controllablePromiseActor<string[], FetchGifsInput>();
    const errors: unknown[] = [];
    const machine = createGridMachine<string>().provide({
      actors: { fetchGifs: fetchGifs.logic },
      actions: { onError: (_, { error }) => errors.push(error) },
    });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(GRID_FETCH_DEBOUNCE_MS);
    return { actor, clock, fetches: fetchGifs.calls, errors };
  }

  it('sets isError and calls the error callback once when a fetch fails', async () => {
    const { actor, fetches, errors } = start();
    const failure = new Error('boom');
    fetches[0]!.reject(failure);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ isError: true, isFetching: false });
    expect(errors).toEqual([failure]);
  });

  it('does not refetch by itself while failed, even when the loader shows again', async () => {
    const { actor, clock, fetches } = start();
    fetches[0]!.reject(new Error('boom'));
    await flushPromises();
    actor.send({ type: 'LOADER_HIDDEN' });
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(GRID_FETCH_DEBOUNCE_MS * 4);
    expect(fetches).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('Try again (RETRY) fetches at once from the current offset and clears isError', async () => {
    const { actor, clock, fetches } = start();
    fetches[0]!.resolve(['a']);
    await flushPromises();
    clock.increment(GRID_FETCH_DEBOUNCE_MS);
    fetches[1]!.reject(new Error('boom'));
    await flushPromises();
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context).toMatchObject({ isError: false, isFetching: true });
    expect(fetches[2]!.input).toEqual({ offset: 1 });
    fetches[2]!.resolve(['a', 'b']);
    await flushPromises();
    expect(actor.getSnapshot().context.gifs).toEqual(['a', 'b']);
  });

  it('RESET clears the error state', async () => {
    const { actor, fetches } = start();
    fetches[0]!.reject(new Error('boom'));
    await flushPromises();
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.isError).toBe(false);
    expect(actor.getSnapshot().value).toBe('debouncing');
  });

  it('fails loudly when no fetchGifs actor was provided', async () => {
    const clock = new SimulatedClock();
    const errors: unknown[] = [];
    const machine = createGridMachine<string>().provide({ actions: { onError: (_, { error }) => errors.push(error) } });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'LOADER_VISIBLE' });
    clock.increment(GRID_FETCH_DEBOUNCE_MS);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(String(errors[0])).toContain('provide the fetchGifs actor');
  });
});
