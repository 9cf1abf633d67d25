import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  EMBED_HOVER_LABEL,
  FOOTER_OFFSET_EXTRA_PX,
  HOVER_IN_DELAY_MS,
  HOVER_OUT_DELAY_GRID_ACTIVE_MS,
  HOVER_OUT_DELAY_MS,
  READY_FALLBACK_MS,
  RESIZE_THROTTLE_MS,
} from './constants.ts';
import { embedMachine, type EmbedInput, type EmbedTrackParams } from './embed.ts';

const ev = (action: EmbedTrackParams['action'], label: string): EmbedTrackParams => ({
  category: 'Embed',
  action,
  label,
});

function start(input: EmbedInput = { media: 'video' }) {
  const clock = new SimulatedClock();
  const tracked: EmbedTrackParams[] = [];
  const calls: string[] = [];
  const record = (name: string) => () => calls.push(name);
  const machine = embedMachine.provide({
    actions: {
      track: (_, params) => tracked.push(params),
      pauseVideo: record('pauseVideo'),
      playVideo: record('playVideo'),
      scrollGridToTop: record('scrollGridToTop'),
      rerenderRelatedGrid: record('rerenderRelatedGrid'),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  const region = (name: string) => (actor.getSnapshot().value as Record<string, unknown>)[name];
  const context = () => actor.getSnapshot().context;
  return { actor, clock, tracked, calls, region, context };
}

function startHovered() {
  const embed = start();
  embed.actor.send({ type: 'MOUSE_ENTER' });
  embed.clock.increment(HOVER_IN_DELAY_MS);
  // The applied hover's own Hover event is asserted in 'embed hover'; later tests see only theirs.
  embed.tracked.length = 0;
  return embed;
}

describe('embed initial state', () => {
  it('starts with every concern at rest', () => {
    const { actor, context } = start();
    expect(actor.getSnapshot().value).toEqual({
      hover: 'notHovered',
      share: 'closed',
      playback: 'playing',
      mobileFooter: 'closed',
      mediaOverlay: 'closed',
      intro: 'animating',
      gridScroll: 'untracked',
      resize: 'idle',
      favorite: 'inactive',
    });
    expect(context()).toEqual({
      media: 'video',
      isRelatedGridCreated: false,
      isFooterRaised: false,
      isGridActive: false,
      isGridHittingHeader: false,
      footerOffsetPx: FOOTER_OFFSET_EXTRA_PX,
      isRelatedOpen: false,
      isMotionChosen: false,
    });
  });
});

describe('embed hover', () => {
  it(`applies hover ${HOVER_IN_DELAY_MS} ms after enter: footer up, related grid created`, () => {
    const { actor, clock, region, context } = start();
    actor.send({ type: 'MOUSE_ENTER' });
    expect(region('hover')).toBe('entering');
    clock.increment(HOVER_IN_DELAY_MS - 1);
    expect(region('hover')).toBe('entering');
    expect(context()).toMatchObject({ isFooterRaised: false, isRelatedGridCreated: false });
    clock.increment(1);
    expect(region('hover')).toBe('hovered');
    expect(context()).toMatchObject({ isFooterRaised: true, isRelatedGridCreated: true });
  });

  it('tracks Hover once per applied hover, not for a cancelled enter or a return during the leave delay', () => {
    const { actor, clock, tracked } = start();
    actor.send({ type: 'MOUSE_ENTER' });
    clock.increment(HOVER_IN_DELAY_MS - 1);
    expect(tracked).toEqual([]);
    clock.increment(1);
    expect(tracked).toEqual([ev('Hover', EMBED_HOVER_LABEL)]);
    actor.send({ type: 'MOUSE_LEAVE' });
    actor.send({ type: 'MOUSE_ENTER' });
    clock.increment(HOVER_OUT_DELAY_GRID_ACTIVE_MS);
    expect(tracked).toHaveLength(1);
    actor.send({ type: 'MOUSE_LEAVE' });
    clock.increment(HOVER_OUT_DELAY_MS);
    actor.send({ type: 'MOUSE_ENTER' });
    clock.increment(HOVER_IN_DELAY_MS - 1);
    actor.send({ type: 'MOUSE_LEAVE' });
    clock.increment(HOVER_IN_DELAY_MS);
    expect(tracked).toHaveLength(1);
    actor.send({ type: 'MOUSE_ENTER' });
    clock.increment(HOVER_IN_DELAY_MS);
    expect(tracked).toEqual([ev('Hover', EMBED_HOVER_LABEL), ev('Hover', EMBED_HOVER_LABEL)]);
  });

  it('a leave before the hover applies cancels it', () => {
    const { actor, clock, region, context } = start();
    actor.send({ type: 'MOUSE_ENTER' });
    clock.increment(HOVER_IN_DELAY_MS - 1);
    actor.send({ type: 'MOUSE_LEAVE' });
    expect(region('hover')).toBe('notHovered');
    clock.increment(HOVER_IN_DELAY_MS);
    expect(region('hover')).toBe('notHovered');
    expect(context().isRelatedGridCreated).toBe(false);
  });

  it(`applies a leave after ${HOVER_OUT_DELAY_MS} ms when the grid is not active`, () => {
    const { actor, clock, region, context, calls } = startHovered();
    actor.send({ type: 'MOUSE_LEAVE' });
    expect(region('hover')).toBe('leaving');
    clock.increment(HOVER_OUT_DELAY_MS - 1);
    expect(region('hover')).toBe('leaving');
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(region('hover')).toBe('notHovered');
    expect(context().isFooterRaised).toBe(false);
    expect(calls).toEqual(['scrollGridToTop']);
  });

  it(`waits ${HOVER_OUT_DELAY_GRID_ACTIVE_MS} ms when the grid was active, then deactivates it`, () => {
    const { actor, clock, region, context, calls } = startHovered();
    actor.send({ type: 'GRID_MARKER', isGridActive: true });
    actor.send({ type: 'MOUSE_LEAVE' });
    clock.increment(HOVER_OUT_DELAY_GRID_ACTIVE_MS - 1);
    expect(region('hover')).toBe('leaving');
    expect(context().isGridActive).toBe(true);
    clock.increment(1);
    expect(region('hover')).toBe('notHovered');
    expect(context()).toMatchObject({ isGridActive: false, isFooterRaised: false });
    expect(calls).toEqual(['scrollGridToTop']);
  });

  it('fixes the leave delay when the leave starts', () => {
    const { actor, clock, region } = startHovered();
    actor.send({ type: 'MOUSE_LEAVE' });
    actor.send({ type: 'GRID_MARKER', isGridActive: true });
    clock.increment(HOVER_OUT_DELAY_MS);
    expect(region('hover')).toBe('notHovered');
  });

  it('coming back during the leave delay keeps the hover', () => {
    const { actor, clock, region, context, calls } = startHovered();
    actor.send({ type: 'MOUSE_LEAVE' });
    clock.increment(HOVER_OUT_DELAY_MS - 1);
    actor.send({ type: 'MOUSE_ENTER' });
    expect(region('hover')).toBe('hovered');
    clock.increment(HOVER_OUT_DELAY_GRID_ACTIVE_MS);
    expect(region('hover')).toBe('hovered');
    expect(context().isFooterRaised).toBe(true);
    expect(calls).toEqual([]);
  });

  it('keeps the related grid once created', () => {
    const { actor, clock, context } = startHovered();
    actor.send({ type: 'MOUSE_LEAVE' });
    clock.increment(HOVER_OUT_DELAY_MS);
    expect(context().isRelatedGridCreated).toBe(true);
  });
});

describe('embed scroll markers', () => {
  it('follow the header and grid markers', () => {
    const { actor, context } = start();
    actor.send({ type: 'HEADER_MARKER', isHittingHeader: true });
    actor.send({ type: 'GRID_MARKER', isGridActive: true });
    expect(context()).toMatchObject({ isGridHittingHeader: true, isGridActive: true });
    actor.send({ type: 'HEADER_MARKER', isHittingHeader: false });
    actor.send({ type: 'GRID_MARKER', isGridActive: false });
    expect(context()).toMatchObject({ isGridHittingHeader: false, isGridActive: false });
  });

  it(`offsets the footer by the measured related-grid height plus ${FOOTER_OFFSET_EXTRA_PX} px`, () => {
    const { actor, context } = start();
    actor.send({ type: 'RELATED_GRID_MEASURED', heightPx: 310 });
    expect(context().footerOffsetPx).toBe(310 + FOOTER_OFFSET_EXTRA_PX);
    actor.send({ type: 'RELATED_GRID_MEASURED', heightPx: 0 });
    expect(context().footerOffsetPx).toBe(FOOTER_OFFSET_EXTRA_PX);
  });

  it('report SCROLL GRID once', () => {
    const { actor, region, tracked } = start();
    actor.send({ type: 'GRID_SCROLLED' });
    actor.send({ type: 'GRID_SCROLLED' });
    expect(region('gridScroll')).toBe('tracked');
    expect(tracked).toEqual([ev('SCROLL', 'GRID')]);
  });
});

describe('embed share menu', () => {
  it('opening resets the footer and tracks a Share click; toggling or close shuts it', () => {
    const { actor, region, context, tracked } = startHovered();
    actor.send({ type: 'TOGGLE_SHARE' });
    expect(region('share')).toBe('open');
    expect(context().isFooterRaised).toBe(false);
    expect(tracked).toEqual([ev('Click', 'Share')]);
    actor.send({ type: 'TOGGLE_SHARE' });
    expect(region('share')).toBe('closed');
    actor.send({ type: 'TOGGLE_SHARE' });
    actor.send({ type: 'CLOSE_SHARE' });
    expect(region('share')).toBe('closed');
    actor.send({ type: 'CLOSE_SHARE' });
    expect(region('share')).toBe('closed');
    expect(tracked).toHaveLength(2);
  });
});

describe('embed pause/play', () => {
  it('drives the video element and tracks a Pause click both ways', () => {
    const { actor, region, calls, tracked } = start({ media: 'video' });
    actor.send({ type: 'TOGGLE_PAUSE' });
    expect(region('playback')).toBe('paused');
    actor.send({ type: 'TOGGLE_PAUSE' });
    expect(region('playback')).toBe('playing');
    expect(calls).toEqual(['pauseVideo', 'playVideo']);
    expect(tracked).toEqual([ev('Click', 'Pause'), ev('Click', 'Pause')]);
  });

  it('only flips the paused state for an image', () => {
    const { actor, region, calls, tracked } = start({ media: 'image' });
    actor.send({ type: 'TOGGLE_PAUSE' });
    expect(region('playback')).toBe('paused');
    actor.send({ type: 'TOGGLE_PAUSE' });
    expect(region('playback')).toBe('playing');
    expect(calls).toEqual([]);
    expect(tracked).toHaveLength(2);
  });
});

describe('embed reduced motion', () => {
  it("stops a video on its still without tracking; play is the visitor's choice", () => {
    const { actor, region, context, calls, tracked } = start({ media: 'video' });
    actor.send({ type: 'REDUCE_MOTION' });
    expect(region('playback')).toBe('paused');
    expect(calls).toEqual(['pauseVideo']);
    expect(tracked).toEqual([]);
    expect(context().isMotionChosen).toBe(false);
    actor.send({ type: 'TOGGLE_PAUSE' });
    expect(region('playback')).toBe('playing');
    expect(calls).toEqual(['pauseVideo', 'playVideo']);
    expect(context().isMotionChosen).toBe(true);
    expect(tracked).toEqual([ev('Click', 'Pause')]);
  });

  it("shows an image's still and leaves an already paused GIF as it is", () => {
    const { actor, region, calls } = start({ media: 'image' });
    actor.send({ type: 'REDUCE_MOTION' });
    expect(region('playback')).toBe('paused');
    actor.send({ type: 'REDUCE_MOTION' });
    expect(region('playback')).toBe('paused');
    expect(calls).toEqual([]);
  });
});

describe('embed related grid on demand', () => {
  it('opens with More (creating the grid) and closes with its close control', () => {
    const { actor, context } = start();
    actor.send({ type: 'OPEN_RELATED' });
    expect(context()).toMatchObject({ isRelatedOpen: true, isRelatedGridCreated: true });
    actor.send({ type: 'CLOSE_RELATED' });
    expect(context().isRelatedOpen).toBe(false);
    expect(context().isRelatedGridCreated).toBe(true);
  });

  it('closes on an applied leave and when share opens', () => {
    const { actor, clock, context } = startHovered();
    actor.send({ type: 'OPEN_RELATED' });
    actor.send({ type: 'MOUSE_LEAVE' });
    clock.increment(HOVER_OUT_DELAY_MS);
    expect(context().isRelatedOpen).toBe(false);
    actor.send({ type: 'OPEN_RELATED' });
    actor.send({ type: 'TOGGLE_SHARE' });
    expect(context().isRelatedOpen).toBe(false);
  });
});

describe('embed mobile footer', () => {
  it('toggles open and closed', () => {
    const { actor, region } = start();
    actor.send({ type: 'TOGGLE_MOBILE_FOOTER' });
    expect(region('mobileFooter')).toBe('open');
    actor.send({ type: 'TOGGLE_MOBILE_FOOTER' });
    expect(region('mobileFooter')).toBe('closed');
  });
});

describe('embed media overlay', () => {
  function startOpen() {
    const embed = start();
    embed.actor.send({ type: 'OPEN_MEDIA_OVERLAY', providerName: 'HostA' });
    return embed;
  }

  it('opens with back-to-GIF hidden and tracks Play with the provider name', () => {
    const { region, tracked } = startOpen();
    expect(region('mediaOverlay')).toEqual({ open: 'backToGifHidden' });
    expect(tracked).toEqual([ev('Click', 'Play HostA')]);
  });

  it('shows back-to-GIF on first-host states 0 (ended) and 2 (paused) only', () => {
    for (const shown of [0, 2]) {
      const { actor, region } = startOpen();
      actor.send({ type: 'FIRST_HOST_PLAYER_STATE', state: 1 });
      actor.send({ type: 'FIRST_HOST_PLAYER_STATE', state: 3 });
      actor.send({ type: 'FIRST_HOST_PLAYER_STATE', state: -1 });
      expect(region('mediaOverlay')).toEqual({ open: 'backToGifHidden' });
      actor.send({ type: 'FIRST_HOST_PLAYER_STATE', state: shown });
      expect(region('mediaOverlay')).toEqual({ open: 'backToGifShown' });
      actor.send({ type: 'FIRST_HOST_PLAYER_STATE', state: 1 });
      expect(region('mediaOverlay')).toEqual({ open: 'backToGifShown' });
    }
  });

  it('shows back-to-GIF on second-host pause and ended, hides it on play', () => {
    const { actor, region } = startOpen();
    actor.send({ type: 'SECOND_HOST_PLAYER_EVENT', event: 'pause' });
    expect(region('mediaOverlay')).toEqual({ open: 'backToGifShown' });
    actor.send({ type: 'SECOND_HOST_PLAYER_EVENT', event: 'play' });
    expect(region('mediaOverlay')).toEqual({ open: 'backToGifHidden' });
    actor.send({ type: 'SECOND_HOST_PLAYER_EVENT', event: 'ended' });
    expect(region('mediaOverlay')).toEqual({ open: 'backToGifShown' });
  });

  it('closes on back-to-GIF with a Back to GIF click, and reopens hidden', () => {
    const { actor, region, tracked } = startOpen();
    actor.send({ type: 'SECOND_HOST_PLAYER_EVENT', event: 'ended' });
    actor.send({ type: 'CLOSE_MEDIA_OVERLAY' });
    expect(region('mediaOverlay')).toBe('closed');
    expect(tracked.at(-1)).toEqual(ev('Click', 'Back to GIF'));
    actor.send({ type: 'OPEN_MEDIA_OVERLAY', providerName: 'HostB' });
    expect(region('mediaOverlay')).toEqual({ open: 'backToGifHidden' });
    expect(tracked.at(-1)).toEqual(ev('Click', 'Play HostB'));
  });

  it('ignores player events while closed', () => {
    const { actor, region, tracked } = start();
    actor.send({ type: 'FIRST_HOST_PLAYER_STATE', state: 0 });
    actor.send({ type: 'SECOND_HOST_PLAYER_EVENT', event: 'pause' });
    actor.send({ type: 'CLOSE_MEDIA_OVERLAY' });
    expect(region('mediaOverlay')).toBe('closed');
    expect(tracked).toEqual([]);
  });
});

describe('embed first render', () => {
  it(`is ready after ${READY_FALLBACK_MS} ms without an intro end`, () => {
    const { clock, region } = start();
    clock.increment(READY_FALLBACK_MS - 1);
    expect(region('intro')).toBe('animating');
    clock.increment(1);
    expect(region('intro')).toBe('ready');
  });

  it('is ready as soon as the intro animation ends, if that comes first', () => {
    const { actor, clock, region } = start();
    clock.increment(300);
    actor.send({ type: 'INTRO_ANIMATION_END' });
    expect(region('intro')).toBe('ready');
    clock.increment(READY_FALLBACK_MS);
    actor.send({ type: 'INTRO_ANIMATION_END' });
    expect(region('intro')).toBe('ready');
  });
});

describe('embed resize throttle', () => {
  const rerenders = (calls: string[]) => calls.filter((c) => c === 'rerenderRelatedGrid').length;

  it('re-renders at once, then once at the end of the window for resizes during it', () => {
    const { actor, clock, calls, region } = start();
    actor.send({ type: 'WINDOW_RESIZE' });
    expect(rerenders(calls)).toBe(1);
    clock.increment(100);
    actor.send({ type: 'WINDOW_RESIZE' });
    actor.send({ type: 'WINDOW_RESIZE' });
    expect(region('resize')).toEqual({ throttled: 'pending' });
    clock.increment(RESIZE_THROTTLE_MS - 101);
    expect(rerenders(calls)).toBe(1);
    clock.increment(1);
    expect(rerenders(calls)).toBe(2);
    expect(region('resize')).toEqual({ throttled: 'clean' });
    // the trailing re-render opened a new window
    clock.increment(200);
    actor.send({ type: 'WINDOW_RESIZE' });
    clock.increment(RESIZE_THROTTLE_MS - 201);
    expect(rerenders(calls)).toBe(2);
    clock.increment(1);
    expect(rerenders(calls)).toBe(3);
  });

  it('goes idle after a quiet window, so the next resize re-renders at once', () => {
    const { actor, clock, calls, region } = start();
    actor.send({ type: 'WINDOW_RESIZE' });
    clock.increment(RESIZE_THROTTLE_MS - 1);
    expect(region('resize')).toEqual({ throttled: 'clean' });
    clock.increment(1);
    expect(region('resize')).toBe('idle');
    expect(rerenders(calls)).toBe(1);
    actor.send({ type: 'WINDOW_RESIZE' });
    expect(rerenders(calls)).toBe(2);
  });
});

describe('embed favorite', () => {
  it('becomes active on click and tracks each Favorite click', () => {
    const { actor, region, tracked } = start();
    actor.send({ type: 'FAVORITE_CLICKED' });
    expect(region('favorite')).toBe('active');
    actor.send({ type: 'FAVORITE_CLICKED' });
    expect(region('favorite')).toBe('active');
    expect(tracked).toEqual([ev('Click', 'Favorite'), ev('Click', 'Favorite')]);
  });
});
