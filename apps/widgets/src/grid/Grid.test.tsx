// @vitest-environment happy-dom
import type { IGif } from '@loopbox/sdk';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRID_ERROR_MESSAGE, GRID_FETCH_DEBOUNCE_MS } from '../constants.ts';
import { renderGrid } from '../render.ts';
import { makeGif, page } from '../testing/gifs.ts';
import { installObservers } from '../testing/observers.ts';
import { cleanUpDom, fakeTimers, mounted, settle } from '../testing/render.ts';
import { recordingSink } from '../testing/sink.ts';
import type { GridProps } from './Grid.tsx';

const gifs = Array.from({ length: 5 }, (_, i) => makeGif(`g${i}`));

describe('Grid', () => {
  let observers: ReturnType<typeof installObservers>;
  beforeEach(() => {
    observers = installObservers();
    fakeTimers();
  });
  afterEach(cleanUpDom);

  /** fetchGifs serving `all` in pages of `size`; `fail` makes the listed calls (0-based) reject. */
  function feed(all: IGif[], size: number, fail: number[] = []) {
    const offsets: number[] = [];
    const fetchGifs = vi.fn(async (offset: number) => {
      const call = offsets.push(offset) - 1;
      if (fail.includes(call)) throw new Error('HTTP 500');
      return page(all.slice(offset, offset + size), offset, all.length);
    });
    return { fetchGifs, offsets };
  }

  function show(props: Partial<GridProps> & Pick<GridProps, 'fetchGifs'>) {
    const sink = recordingSink();
    const view = mounted((el) => renderGrid({ width: 624, columns: 3, pingback: sink, ...props }, el));
    const grid = () => view.element.querySelector<HTMLElement>('.lb-grid')!;
    const loader = () => view.element.querySelector('.lb-grid__loader');
    const tiles = () => [...view.element.querySelectorAll<HTMLElement>('.lb-gif')];
    /** The loader sentinel comes into view; the debounce passes; the fetch settles. */
    const scrollToLoader = async () => {
      act(() => observers.intersect(loader()!, 1));
      await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    };
    return { ...view, sink, grid, loader, tiles, scrollToLoader };
  }

  it('fetches its first page as soon as the loader shows, then lays out masonry columns', async () => {
    const { fetchGifs } = feed(gifs, 5);
    const { loader, tiles, grid } = show({ fetchGifs });
    expect(grid().dataset.lbLayoutType).toBe('GRID');
    expect(fetchGifs).not.toHaveBeenCalled();
    await settle(() => observers.intersect(loader()!, 1));
    expect(fetchGifs).toHaveBeenCalledTimes(1);
    // floor((624 - 6 × 2) / 3) = 204; 320x240 GIFs are 153 high at that width.
    const columns = [...grid().querySelectorAll<HTMLElement>('.lb-grid__column')];
    expect(columns.map((c) => c.style.width)).toEqual(['204px', '204px', '204px']);
    expect(columns.map((c) => c.querySelectorAll('.lb-gif').length)).toEqual([2, 2, 1]);
    expect(tiles().map((t) => [t.style.width, t.style.height])).toContainEqual(['204px', '153px']);
    expect(grid().querySelector<HTMLElement>('.lb-grid__columns')!.style.gap).toBe('6px');
  });

  it('keeps loading while the loader stays visible, and stops for good when a page adds nothing', async () => {
    const { fetchGifs, offsets } = feed(gifs, 2);
    const fetched = vi.fn();
    const { tiles, scrollToLoader, loader, grid } = show({ fetchGifs, onGifsFetched: fetched });
    await scrollToLoader();
    expect(tiles()).toHaveLength(2);
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    expect(tiles()).toHaveLength(5);
    expect(offsets).toEqual([0, 2, 4]);
    // The paginator is done at total_count: one more call returns the same list, and fetching ends.
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    expect(fetchGifs).toHaveBeenCalledTimes(3);
    expect(grid().dataset.lbDone).toBe('true');
    expect(loader()).toBeNull();
    expect(fetched).toHaveBeenLastCalledWith(expect.arrayContaining(gifs));
  });

  it('waits the debounce before a later page, and does not fetch while the loader is out of view', async () => {
    const { fetchGifs, offsets } = feed(gifs, 2);
    const { loader } = show({ fetchGifs });
    act(() => observers.intersect(loader()!, 0));
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS * 4));
    expect(fetchGifs).not.toHaveBeenCalled();
    await settle(() => observers.intersect(loader()!, 1));
    expect(offsets).toEqual([0]);
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS - 1));
    expect(offsets).toEqual([0]);
    act(() => observers.intersect(loader()!, 0));
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS * 4));
    expect(offsets).toEqual([0]);
    act(() => observers.intersect(loader()!, 1));
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    expect(offsets).toEqual([0, 2]);
  });

  it("shows 'Error loading GIFs. Try again?' after a failure, and Try again fetches the page", async () => {
    const { fetchGifs, offsets } = feed(gifs, 2, [1]);
    const onError = vi.fn();
    const { element, tiles, scrollToLoader } = show({ fetchGifs, onGifsFetchError: onError });
    await scrollToLoader();
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    const retry = element.querySelector<HTMLButtonElement>('.lb-grid__error[role=alert] button.lb-grid__retry')!;
    expect(retry.textContent).toBe(GRID_ERROR_MESSAGE);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'HTTP 500' }));
    expect(tiles()).toHaveLength(2);
    await settle(() => retry.click());
    expect(offsets).toEqual([0, 2, 2]);
    expect(tiles()).toHaveLength(4);
    expect(element.querySelector('.lb-grid__error')).toBeNull();
  });

  it('shows the no-results slot when the feed finished empty', async () => {
    const { fetchGifs } = feed([], 2);
    const { element, scrollToLoader } = show({ fetchGifs, noResultsMessage: 'Nothing here' });
    expect(element.querySelector('.lb-grid__no-results')).toBeNull();
    await scrollToLoader();
    expect(element.querySelector('.lb-grid__no-results')!.textContent).toBe('Nothing here');
  });

  it('reports tile actions with the GRID layout type and the logged-in user', async () => {
    const { fetchGifs } = feed(gifs, 5);
    const { tiles, sink, scrollToLoader } = show({ fetchGifs, user: { id: 42 }, onGifClick: (_, e) => e.preventDefault() });
    await scrollToLoader();
    act(() => tiles()[0]!.click());
    expect(sink.events).toEqual([
      expect.objectContaining({
        action_type: 'CLICK',
        analytics_response_payload: 'payload-g0',
        logged_in_user_id: '42',
        attributes: expect.objectContaining({ layout_type: 'GRID' }),
      }),
    ]);
  });

  it('watches all its tiles through one shared observer, each tile still loading and reporting SEEN on its own', async () => {
    const { fetchGifs } = feed(gifs, 5);
    const { tiles, sink, scrollToLoader } = show({ fetchGifs });
    await scrollToLoader();
    const [first, second] = tiles() as [HTMLElement, HTMLElement];
    expect(tiles()).toHaveLength(5);
    expect(observers.connected()).toBe(2); // one for all five tiles, one for the loader
    act(() => observers.intersect(first, 0.5));
    const image = () => first.querySelector('img')!;
    expect(image().getAttribute('src')).toMatch(/^http:/);
    expect(second.querySelector('img')).toBeNull();
    act(() => void image().dispatchEvent(new Event('load')));
    act(() => observers.intersect(first, 1));
    expect(sink.events.map((e) => `${e.action_type}:${e.analytics_response_payload}`)).toEqual(['SEEN:payload-g0']);
    expect(observers.optionsFor(first)).toEqual([]);
    expect(observers.optionsFor(second)).toHaveLength(1);
  });

  it('starts over when fetchGifs changes', async () => {
    const first = feed(gifs.slice(0, 2), 2);
    const second = feed(gifs.slice(2), 3);
    const sink = recordingSink();
    const view = mounted((el) => renderGrid({ width: 624, columns: 3, pingback: sink, fetchGifs: first.fetchGifs }, el));
    act(() => observers.intersect(view.element.querySelector('.lb-grid__loader')!, 1));
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    view.unmount();
    const again = mounted((el) => renderGrid({ width: 624, columns: 3, pingback: sink, fetchGifs: second.fetchGifs }, el), view.element);
    act(() => observers.intersect(again.element.querySelector('.lb-grid__loader')!, 1));
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS));
    expect([...again.element.querySelectorAll('.lb-gif')].map((t) => t.getAttribute('data-lb-gif-id'))).toEqual(['g2', 'g3', 'g4']);
  });

  it('unmounts completely: empty element, no observer, no timer, no late fetch', async () => {
    const { fetchGifs } = feed(gifs, 2);
    const { element, loader, unmount, scrollToLoader } = show({ fetchGifs });
    await scrollToLoader();
    act(() => observers.intersect(loader()!, 1));
    unmount();
    expect(element.innerHTML).toBe('');
    expect(observers.connected()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await settle(() => vi.advanceTimersByTime(GRID_FETCH_DEBOUNCE_MS * 10));
    expect(fetchGifs).toHaveBeenCalledTimes(1);
  });
});
