// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIF_BACKGROUND_PALETTE, HOVER_REPORT_DELAY_MS, SEEN_THRESHOLD } from '../constants.ts';
import { renderGif } from '../render.ts';
import { makeGif } from '../testing/gifs.ts';
import { installObservers } from '../testing/observers.ts';
import { cleanUpDom, fakeTimers, mounted } from '../testing/render.ts';
import { recordingSink } from '../testing/sink.ts';
import type { GifProps } from './Gif.tsx';

describe('Gif tile', () => {
  let observers: ReturnType<typeof installObservers>;
  beforeEach(() => {
    observers = installObservers();
  });
  afterEach(cleanUpDom);

  function show(props: Partial<GifProps> = {}) {
    const sink = recordingSink();
    const gif = props.gif ?? makeGif('abc');
    const view = mounted((el) => renderGif({ gif, width: 200, pingback: sink, ...props }, el));
    const tile = view.element.querySelector<HTMLElement>('.lb-gif')!;
    /** The tile's image, once in view (none before). */
    const image = () => tile.querySelector('img.lb-gif__image') as HTMLImageElement;
    const load = () => act(() => void image().dispatchEvent(new Event('load')));
    const seenAt = (ratio: number) => act(() => observers.intersect(tile, ratio));
    return { ...view, sink, gif, tile, image, load, seenAt, intoView: () => seenAt(1) };
  }

  it('is an empty box named by its alt text until in view, then a picture with a webp source and srcsets', () => {
    const { tile, image, intoView } = show();
    expect(image()).toBeNull();
    expect(tile.getAttribute('aria-label')).toBe('Alt of abc');
    expect(tile.querySelector('picture')).toBeNull();
    expect(tile.querySelector('source')).toBeNull();
    intoView();
    const source = tile.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe('http://127.0.0.1/media/abc/200w.webp 200w, http://127.0.0.1/media/abc/giphy.webp 320w');
    expect(image().parentElement!.tagName).toBe('PICTURE');
    expect(image().getAttribute('src')).toBe('http://127.0.0.1/media/abc/200w.gif');
    expect(image().getAttribute('srcset')).toBe('http://127.0.0.1/media/abc/200w.gif 200w, http://127.0.0.1/media/abc/giphy.gif 320w');
    // A 200 px tile may show a rendition up to 50 px narrower scaled up (the src rule): 150w or more at 1x.
    expect(image().getAttribute('sizes')).toBe('150px');
    expect(source.getAttribute('sizes')).toBe('150px');
    expect(tile.hasAttribute('aria-label')).toBe(false);
  });

  it('sizes the tile from the width and aspect ratio, with the default radius, tabIndex and a palette colour', () => {
    const { tile, image, intoView } = show();
    intoView();
    expect(tile.tagName).toBe('A');
    expect(tile.getAttribute('href')).toBe('http://127.0.0.1/gifs/abc');
    expect(tile.style.width).toBe('200px');
    expect(tile.style.height).toBe('150px');
    expect(tile.style.borderRadius).toBe('4px');
    expect(tile.tabIndex).toBe(0);
    expect(image().getAttribute('alt')).toBe('Alt of abc');
    const colour = tile.style.backgroundColor;
    const palette = GIF_BACKGROUND_PALETTE.flatMap((hex) => {
      const n = Number.parseInt(hex.slice(1), 16);
      return [`rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`, hex];
    });
    expect(palette).toContain(colour);
  });

  it('gives stickers the sticker background instead of a palette colour', () => {
    const { tile } = show({ gif: makeGif('st', { is_sticker: true }) });
    expect(tile.classList.contains('lb-gif--sticker')).toBe(true);
    expect(tile.style.backgroundColor).toBe('');
  });

  it('takes borderRadius, tabIndex, backgroundColor and className', () => {
    const { tile } = show({ borderRadius: 12, tabIndex: -1, backgroundColor: '#123456', className: 'mine' });
    expect(tile.style.borderRadius).toBe('12px');
    expect(tile.tabIndex).toBe(-1);
    expect(['#123456', 'rgb(18, 52, 86)']).toContain(tile.style.backgroundColor);
    expect(tile.className).toContain('mine');
  });

  it('reports SEEN once, only after the image loaded and the tile is 99% visible', () => {
    const seen = vi.fn();
    const { sink, load, seenAt } = show({ onGifSeen: seen });
    // Half in view: the image comes and loads, but SEEN waits for the tile to be (almost) all in view.
    seenAt(0.5);
    load();
    expect(sink.events).toEqual([]);
    seenAt(0.995);
    seenAt(1);
    expect(sink.events.map((e) => e.action_type)).toEqual(['SEEN']);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(sink.events[0]).toMatchObject({
      analytics_response_payload: 'payload-abc',
      attributes: { layout_type: 'GIF', position: { x: 0, y: 0, width: 0, height: 0 } },
    });
    expect(sink.events[0]!.user_id).toMatch(/^[0-9a-z]{16}$/);
  });

  it('reports SEEN when the image loads on a tile already fully in view, and stops watching after', () => {
    const { tile, sink, load, seenAt, intoView } = show();
    intoView();
    expect(observers.optionsFor(tile)).toEqual([expect.objectContaining({ threshold: [0, SEEN_THRESHOLD] })]);
    expect(sink.events).toEqual([]);
    load();
    expect(sink.events.map((e) => e.action_type)).toEqual(['SEEN']);
    expect(observers.optionsFor(tile)).toEqual([]);
    seenAt(1);
    expect(sink.events).toHaveLength(1);
  });

  it('reports HOVER 200 ms after mouse-over, and not when the pointer leaves first', () => {
    fakeTimers();
    const hover = vi.fn();
    const { tile, sink } = show({ onGifHover: hover });
    act(() => void tile.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    act(() => void vi.advanceTimersByTime(HOVER_REPORT_DELAY_MS - 1));
    act(() => void tile.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
    act(() => void vi.advanceTimersByTime(HOVER_REPORT_DELAY_MS));
    expect(sink.events).toEqual([]);
    act(() => void tile.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    act(() => void vi.advanceTimersByTime(HOVER_REPORT_DELAY_MS));
    expect(sink.events.map((e) => e.action_type)).toEqual(['HOVER']);
    expect(hover).toHaveBeenCalledTimes(1);
  });

  it('reports CLICK and calls the click, right-click and key callbacks with the GIF', () => {
    const click = vi.fn((_gif: unknown, event: { preventDefault(): void }) => event.preventDefault());
    const rightClick = vi.fn();
    const key = vi.fn();
    const { tile, sink, gif } = show({ onGifClick: click, onGifRightClick: rightClick, onGifKeyPress: key });
    act(() => tile.click());
    act(() => void tile.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true })));
    act(() => void tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true })));
    expect(click).toHaveBeenCalledWith(gif, expect.anything());
    expect(rightClick).toHaveBeenCalledWith(gif, expect.anything());
    expect(key).toHaveBeenCalledWith(gif, expect.anything());
    expect(sink.events.map((e) => e.action_type)).toEqual(['CLICK']);
  });

  it('with onGifReport shows a Report button beside the link that calls it with the GIF, and nothing else', () => {
    const report = vi.fn();
    const click = vi.fn();
    const { tile, sink, gif } = show({ onGifReport: report, onGifClick: click });
    const button = tile.parentElement!.querySelector<HTMLButtonElement>('button.lb-gif__report')!;
    expect(tile.contains(button)).toBe(false);
    expect(button.getAttribute('aria-label')).toBe('Report Alt of abc');
    act(() => button.click());
    expect(report).toHaveBeenCalledWith(gif);
    expect(click).not.toHaveBeenCalled();
    expect(sink.events).toEqual([]);
  });

  it('has no Report button without onGifReport', () => {
    const { tile } = show();
    expect(tile.parentElement!.querySelector('.lb-gif__report')).toBeNull();
  });

  it('noLink renders a focusable button-like tile that Enter activates', () => {
    const click = vi.fn();
    const { tile, sink } = show({ noLink: true, onGifClick: click });
    expect(tile.tagName).toBe('DIV');
    expect(tile.getAttribute('href')).toBeNull();
    expect(tile.getAttribute('role')).toBe('button');
    expect(tile.tabIndex).toBe(0);
    act(() => void tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(click).toHaveBeenCalledTimes(1);
    expect(sink.events.map((e) => e.action_type)).toEqual(['CLICK']);
  });

  it('shows the attribution overlay once in view: name, verified badge, lowercased handle and an 80h avatar', () => {
    const { tile, intoView } = show();
    expect(tile.querySelector('.lb-gif__attribution')).toBeNull();
    intoView();
    expect(tile.querySelector('.lb-gif__name')!.textContent).toBe('The Sports Hub');
    expect(tile.querySelector('.lb-gif__verified')!.getAttribute('aria-label')).toBe('Verified');
    expect(tile.querySelector('.lb-gif__handle')!.textContent).toBe('@sports_hub');
    expect(tile.querySelector('.lb-gif__avatar')!.getAttribute('src')).toBe('http://127.0.0.1/media/avatars/sports_hub/avatar/80h.jpg');
  });

  it('hides the attribution for hideAttribution, a private user or one suppressing chrome', () => {
    const user = makeGif('u').user!;
    for (const props of [
      { hideAttribution: true },
      { gif: makeGif('p', { user: { ...user, is_public: false } }) },
      { gif: makeGif('s', { user: { ...user, suppress_chrome: true } }) },
    ]) {
      const { tile, unmount, intoView } = show(props);
      intoView();
      expect(tile.querySelector('img.lb-gif__image')!.getAttribute('src')).toMatch(/^http:/);
      expect(tile.querySelector('.lb-gif__attribution')).toBeNull();
      unmount();
    }
  });

  it('unmounts completely: empty element, no observer, no pending hover timer', () => {
    fakeTimers();
    const { tile, element, unmount, sink } = show();
    act(() => void tile.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    expect(observers.connected()).toBeGreaterThan(0);
    unmount();
    expect(element.innerHTML).toBe('');
    expect(observers.connected()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(sink.events).toEqual([]);
  });
});
