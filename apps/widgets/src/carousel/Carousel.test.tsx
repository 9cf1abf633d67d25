// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_FETCH_DEBOUNCE_MS, CAROUSEL_LOADER_WIDTH_PX } from '../constants.ts';
import { renderCarousel } from '../render.ts';
import { makeGif, page } from '../testing/gifs.ts';
import { installObservers } from '../testing/observers.ts';
import { cleanUpDom, fakeTimers, mounted, settle } from '../testing/render.ts';
import { recordingSink } from '../testing/sink.ts';

const gifs = Array.from({ length: 4 }, (_, i) => makeGif(`c${i}`));

describe('Carousel', () => {
  let observers: ReturnType<typeof installObservers>;
  beforeEach(() => {
    observers = installObservers();
    fakeTimers();
  });
  afterEach(cleanUpDom);

  function show(fetchGifs: (offset: number) => Promise<ReturnType<typeof page>>) {
    const sink = recordingSink();
    const view = mounted((el) =>
      renderCarousel({ gifHeight: 120, fetchGifs, pingback: sink, onGifClick: (_, e) => e.preventDefault() }, el),
    );
    const carousel = view.element.querySelector<HTMLElement>('.lb-carousel')!;
    const loader = () => view.element.querySelector<HTMLElement>('.lb-carousel__loader');
    const tiles = () => [...view.element.querySelectorAll<HTMLElement>('.lb-gif')];
    return { ...view, sink, carousel, loader, tiles };
  }

  it('loads its first page at once and later pages after a 100 ms debounce while its 30 px sentinel is visible, scrolling horizontally', async () => {
    const fetchGifs = vi.fn(async (offset: number) => page(gifs.slice(offset, offset + 2), offset, gifs.length));
    const { carousel, loader, tiles, sink } = show(fetchGifs);
    expect(carousel.dataset.lbLayoutType).toBe('CAROUSEL');
    expect(carousel.getAttribute('role')).toBe('region');
    expect(loader()!.style.width).toBe(`${CAROUSEL_LOADER_WIDTH_PX}px`);
    // The sentinel is watched against the carousel's own scrolling box.
    expect(observers.optionsFor(loader()!)).toContainEqual(expect.objectContaining({ root: carousel }));
    await settle(() => observers.intersect(loader()!, 1));
    expect(fetchGifs).toHaveBeenCalledTimes(1);
    await settle(() => vi.advanceTimersByTime(CAROUSEL_FETCH_DEBOUNCE_MS - 1));
    expect(fetchGifs).toHaveBeenCalledTimes(1);
    await settle(() => vi.advanceTimersByTime(1));
    // 320x240 at 120 high is 160 wide.
    expect(tiles().map((t) => [t.style.width, t.style.height])).toEqual(Array(4).fill(['160px', '120px']));
    act(() => tiles()[1]!.click());
    expect(sink.events[0]!.attributes.layout_type).toBe('CAROUSEL');
  });

  it('gives every tile gifWidth when set', async () => {
    const fetchGifs = async (offset: number) => page(gifs.slice(offset), offset, gifs.length);
    const view = mounted((el) => renderCarousel({ gifHeight: 100, gifWidth: 90, fetchGifs, pingback: null }, el));
    act(() => observers.intersect(view.element.querySelector('.lb-carousel__loader')!, 1));
    await settle(() => vi.advanceTimersByTime(CAROUSEL_FETCH_DEBOUNCE_MS));
    const sizes = [...view.element.querySelectorAll<HTMLElement>('.lb-gif')].map((t) => [t.style.width, t.style.height]);
    expect(sizes).toEqual(Array(4).fill(['90px', '100px']));
  });

  it('swallows fetch errors: no error UI, and the next sighting of the sentinel fetches again', async () => {
    let calls = 0;
    const fetchGifs = vi.fn(async (offset: number) => {
      calls += 1;
      if (calls === 1) throw new Error('HTTP 500');
      return page(gifs.slice(offset, offset + 4), offset, gifs.length);
    });
    const { element, loader, tiles } = show(fetchGifs);
    act(() => observers.intersect(loader()!, 1));
    await settle(() => vi.advanceTimersByTime(CAROUSEL_FETCH_DEBOUNCE_MS));
    expect(element.querySelector('[role=alert]')).toBeNull();
    expect(tiles()).toHaveLength(0);
    act(() => observers.intersect(loader()!, 0));
    act(() => observers.intersect(loader()!, 1));
    await settle(() => vi.advanceTimersByTime(CAROUSEL_FETCH_DEBOUNCE_MS));
    expect(tiles()).toHaveLength(4);
  });
});
