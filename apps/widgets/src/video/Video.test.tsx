// @vitest-environment happy-dom
import { VIDEO_ERROR_MESSAGES } from '@loopbox/machines/constants';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTROLS_FADE_IN_MS, DEFAULT_VOLUME, NO_VIDEO_URL_WARNING } from '../constants.ts';
import { renderVideo } from '../render.ts';
import { makeGif } from '../testing/gifs.ts';
import { installObservers } from '../testing/observers.ts';
import { cleanUpDom, fakeTimers, mounted, settle } from '../testing/render.ts';
import { recordingSink } from '../testing/sink.ts';
import type { VideoProps } from './Video.tsx';

const asset = (name: string, width: number, height: number) => ({ url: `http://127.0.0.1/media/v/${name}.mp4`, width, height });
const videoGif = makeGif('v', { video: { assets: { '360p': asset('360p', 640, 360), '720p': asset('720p', 1280, 720) } } });

describe('Video', () => {
  let observers: ReturnType<typeof installObservers>;
  /** Every play() call, settled by the test like the browser would. */
  let plays: Array<{ resolve: () => void; reject: (error: Error) => void }>;
  beforeEach(() => {
    observers = installObservers();
    fakeTimers();
    plays = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(
      () => new Promise<void>((resolve, reject) => plays.push({ resolve, reject })),
    );
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(cleanUpDom);

  function show(props: Partial<VideoProps> = {}) {
    const sink = recordingSink();
    const callbacks = {
      onStart: vi.fn(),
      onMuted: vi.fn(),
      onQuartile: vi.fn(),
      onLoop: vi.fn(),
      onEnded: vi.fn(),
      onError: vi.fn(),
    };
    const view = mounted((el) => renderVideo({ gif: videoGif, width: 480, controls: true, pingback: sink, ...callbacks, ...props }, el));
    const root = view.element.querySelector<HTMLElement>('.lb-video')!;
    const video = root.querySelector('video')!;
    const button = (name: string) => root.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
    const controls = () => root.querySelector<HTMLElement>('.lb-video__controls')!;
    const progress = () => Number(root.querySelector('[role=progressbar]')!.getAttribute('aria-valuenow'));
    const time = (currentTime: number, duration: number) => {
      Object.defineProperty(video, 'duration', { configurable: true, value: duration });
      video.currentTime = currentTime;
      act(() => void video.dispatchEvent(new Event('timeupdate')));
    };
    const settlePlay = (outcome: 'resolve' | 'reject') =>
      settle(() => (outcome === 'resolve' ? plays.at(-1)!.resolve() : plays.at(-1)!.reject(new Error('NotAllowedError'))));
    return { ...view, ...callbacks, sink, root, video, button, controls, progress, time, settlePlay };
  }

  it('autoplays; when refused with sound it mutes, plays again and reports muted', async () => {
    const { video, button, root, settlePlay, onMuted, onStart, sink } = show();
    expect(plays).toHaveLength(1);
    expect(video.muted).toBe(false);
    await settlePlay('reject');
    expect(video.muted).toBe(true);
    expect(onMuted).toHaveBeenCalledTimes(1);
    expect(plays).toHaveLength(2);
    await settlePlay('resolve');
    expect(root.dataset.lbPlaying).toBe('true');
    expect(button('Unmute')).not.toBeNull();
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(sink.events).toEqual([
      expect.objectContaining({
        action_type: 'START',
        analytics_response_payload: 'payload-v',
        attributes: expect.objectContaining({ layout_type: 'VIDEO' }),
      }),
    ]);
  });

  it('plays at the default volume (0.7) from the rendition that fits the width', async () => {
    const { video, settlePlay } = show();
    await settlePlay('resolve');
    expect(video.volume).toBe(DEFAULT_VOLUME);
    expect(video.getAttribute('src')).toBe('http://127.0.0.1/media/v/360p.mp4');
    expect(video.hasAttribute('loop')).toBe(false);
  });

  it('toggles play/pause and mute from labelled buttons; START is reported once', async () => {
    const { video, button, settlePlay, sink } = show();
    await settlePlay('resolve');
    act(() => button('Pause')!.click());
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(button('Play')).not.toBeNull();
    act(() => button('Play')!.click());
    await settlePlay('resolve');
    expect(button('Pause')).not.toBeNull();
    act(() => button('Mute')!.click());
    expect(video.muted).toBe(true);
    act(() => button('Unmute')!.click());
    expect(video.muted).toBe(false);
    expect(sink.events.map((e) => e.action_type)).toEqual(['START']);
  });

  it('shows progress and reports the 25, 50 and 75% quartiles once each', async () => {
    const { time, progress, onQuartile, settlePlay } = show();
    await settlePlay('resolve');
    time(3, 20);
    expect(progress()).toBe(15);
    time(10.5, 20);
    time(16, 20);
    time(19.9, 20);
    // Long videos show their real progress even near the end.
    expect(progress()).toBe(99.5);
    time(16, 20);
    expect(onQuartile.mock.calls).toEqual([[0.25], [0.5], [0.75]]);
  });

  it('shows a full bar for a video under 10 s once past 98%', async () => {
    const { time, progress, settlePlay } = show();
    await settlePlay('resolve');
    time(4.85, 5);
    expect(progress()).toBe(97);
    time(4.95, 5);
    expect(progress()).toBe(100);
  });

  it('loops by default, counting loops; with loop false it ends paused', async () => {
    const looping = show();
    await looping.settlePlay('resolve');
    act(() => void looping.video.dispatchEvent(new Event('ended')));
    expect(looping.onLoop).toHaveBeenCalledWith(1);
    expect(looping.root.dataset.lbLoopCount).toBe('1');
    expect(plays).toHaveLength(2);
    looping.unmount();

    const once = show({ loop: false });
    await once.settlePlay('resolve');
    act(() => void once.video.dispatchEvent(new Event('ended')));
    expect(once.onEnded).toHaveBeenCalledTimes(1);
    expect(once.onLoop).not.toHaveBeenCalled();
    expect(once.button('Play')).not.toBeNull();
  });

  it.each([1, 2, 3, 4] as const)('passes media error %i with its SPEC 8 message to the error callback', async (code) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { video, onError, settlePlay } = show();
    await settlePlay('resolve');
    Object.defineProperty(video, 'error', { configurable: true, value: { code } });
    act(() => void video.dispatchEvent(new Event('error')));
    const message = VIDEO_ERROR_MESSAGES[code].replace('{ext}', 'mp4');
    expect(onError).toHaveBeenCalledWith({ code, message });
    expect(console.warn).toHaveBeenCalledWith(message);
  });

  it('switches to a better rendition when the container grows, keeping the playback position', async () => {
    const { root, video, time, settlePlay } = show();
    await settlePlay('resolve');
    time(1.5, 20);
    act(() => observers.resize(root, 1280, 720));
    expect(video.getAttribute('src')).toBe('http://127.0.0.1/media/v/720p.mp4');
    expect(plays).toHaveLength(2);
    video.currentTime = 0;
    act(() => void video.dispatchEvent(new Event('loadedmetadata')));
    expect(video.currentTime).toBe(1.5);
    // Shrinking never swaps back down.
    act(() => observers.resize(root, 320, 180));
    expect(video.getAttribute('src')).toBe('http://127.0.0.1/media/v/720p.mp4');
  });

  it('fades the controls in over 250 ms on pointer enter and hides them on leave', () => {
    const { root, controls } = show();
    expect(controls().className).toContain('lb-video__controls--hidden');
    act(() => void root.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    expect(controls().className).toContain('lb-video__controls--fading-in');
    act(() => void vi.advanceTimersByTime(CONTROLS_FADE_IN_MS));
    expect(controls().className).toContain('lb-video__controls--shown');
    act(() => void root.dispatchEvent(new MouseEvent('pointerout', { bubbles: true })));
    expect(controls().className).toContain('lb-video__controls--hidden');
  });

  it('keeps persistent controls shown, and leaves out hidden parts', () => {
    const { root, controls } = show({ persistentControls: true, hideMute: true, hideProgressBar: true });
    expect(controls().className).toContain('lb-video__controls--shown');
    act(() => void root.dispatchEvent(new MouseEvent('pointerout', { bubbles: true })));
    expect(controls().className).toContain('lb-video__controls--shown');
    expect(root.querySelector('.lb-video__mute')).toBeNull();
    expect(root.querySelector('.lb-video__progress')).toBeNull();
    expect(root.querySelector('.lb-video__play')).not.toBeNull();
    const bare = show({ hidePlayPause: true });
    expect(bare.root.querySelector('.lb-video__play')).toBeNull();
  });

  it('starts muted when asked, and warns when the GIF has no video', () => {
    expect(show({ muted: true }).video.muted).toBe(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { root } = show({ gif: makeGif('novideo') });
    expect(root.querySelector('video')).toBeNull();
    expect(warn).toHaveBeenCalledWith(NO_VIDEO_URL_WARNING);
  });

  it('unmounts completely: empty element, no observer, no timer', async () => {
    const { root, element, unmount, settlePlay } = show();
    await settlePlay('resolve');
    act(() => void root.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    unmount();
    expect(element.innerHTML).toBe('');
    expect(observers.connected()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
