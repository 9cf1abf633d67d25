import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CONTROLS_FADE_IN_MS, VIDEO_ERROR_MESSAGES } from './constants.ts';
import { controllablePromiseActor, flushPromises } from './test-support.ts';
import { videoMachine, type VideoInput } from './video.ts';

const small = { url: 'https://media.example/v/small.mp4', width: 200, height: 112 };
const medium = { url: 'https://media.example/v/medium.mp4', width: 480, height: 270 };
const renditions = [small, medium];

function start(input: Partial<VideoInput> = {}) {
  const clock = new SimulatedClock();
  const play = controllablePromiseActor<void, unknown>();
  const calls: unknown[][] = [];
  const record = (name: string) => (_: unknown, params?: unknown) => calls.push(params === undefined ? [name] : [name, params]);
  const machine = videoMachine.provide({
    actors: { play: play.logic },
    actions: {
      pauseMedia: record('pauseMedia'),
      setMediaMuted: record('setMediaMuted'),
      swapSource: record('swapSource'),
      reportStart: record('reportStart'),
      reportQuartile: record('reportQuartile'),
      reportLoop: record('reportLoop'),
      reportMuted: record('reportMuted'),
      reportEnded: record('reportEnded'),
      reportError: record('reportError'),
    },
  });
  const actor = createActor(machine, { clock, input: { renditions, width: 200, height: 112, ...input } }).start();
  const playback = () => (actor.getSnapshot().value as { playback: string }).playback;
  const controls = () => (actor.getSnapshot().value as { controls: string }).controls;
  const context = () => actor.getSnapshot().context;
  /** Settles the latest play() call. */
  const settlePlay = async (ok: boolean) => {
    const call = play.calls.at(-1)!;
    if (ok) call.resolve();
    else call.reject(new DOMException('autoplay refused', 'NotAllowedError'));
    await flushPromises();
  };
  return { actor, clock, plays: play.calls, calls, playback, controls, context, settlePlay };
}

async function startPlaying(input: Partial<VideoInput> = {}) {
  const video = start(input);
  await video.settlePlay(true);
  video.calls.length = 0;
  return video;
}

describe('video autoplay', () => {
  it('starts by attempting play, with the rendition chosen for the container', () => {
    const { plays, playback, controls, context } = start();
    expect(playback()).toBe('autoplaying');
    expect(controls()).toBe('hidden');
    expect(plays).toHaveLength(1);
    expect(context()).toMatchObject({ rendition: small, muted: false, loop: true, loopCount: 0, progress: 0 });
  });

  it('plays and reports START when autoplay is allowed', async () => {
    const { settlePlay, playback, calls } = start();
    await settlePlay(true);
    expect(playback()).toBe('playing');
    expect(calls).toEqual([['reportStart']]);
  });

  it('when refused: mutes, reports the muted callback, plays again, then reports START', async () => {
    const { settlePlay, playback, calls, plays, context } = start();
    await settlePlay(false);
    expect(playback()).toBe('autoplayingMuted');
    expect(context().muted).toBe(true);
    expect(calls).toEqual([['setMediaMuted', { muted: true }], ['reportMuted']]);
    expect(plays).toHaveLength(2);
    await settlePlay(true);
    expect(playback()).toBe('playing');
    expect(calls.at(-1)).toEqual(['reportStart']);
  });

  it('stays paused without START when even muted autoplay is refused', async () => {
    const { settlePlay, playback, calls } = start();
    await settlePlay(false);
    await settlePlay(false);
    expect(playback()).toBe('paused');
    expect(calls).not.toContainEqual(['reportStart']);
  });

  it('does not retry when it was muted from the start', async () => {
    const { settlePlay, playback, calls, plays } = start({ muted: true });
    await settlePlay(false);
    expect(playback()).toBe('paused');
    expect(plays).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('ends paused when no play actor was provided (the default rejects)', async () => {
    const actor = createActor(videoMachine, {
      clock: new SimulatedClock(),
      input: { renditions, width: 200, height: 112 },
    }).start();
    await flushPromises();
    await flushPromises();
    expect(actor.getSnapshot().matches({ playback: 'paused' })).toBe(true);
  });

  it.each(['autoplaying', 'autoplayingMuted', 'resuming'] as const)(
    'TOGGLE_PLAY while %s pauses at once and ignores the late play() result',
    async (pending) => {
      const video = start();
      if (pending === 'autoplayingMuted') await video.settlePlay(false);
      if (pending === 'resuming') {
        await video.settlePlay(true);
        video.actor.send({ type: 'TOGGLE_PLAY' });
        video.actor.send({ type: 'TOGGLE_PLAY' });
      }
      expect(video.playback()).toBe(pending);
      video.calls.length = 0;
      video.actor.send({ type: 'TOGGLE_PLAY' });
      expect(video.playback()).toBe('paused');
      expect(video.calls).toEqual([['pauseMedia']]);
      await video.settlePlay(true);
      expect(video.playback()).toBe('paused');
    },
  );
});

describe('video play/pause', () => {
  it('TOGGLE_PLAY pauses, then resumes through play() without a second START', async () => {
    const { actor, settlePlay, playback, calls, plays } = await startPlaying();
    actor.send({ type: 'TOGGLE_PLAY' });
    expect(playback()).toBe('paused');
    expect(calls).toEqual([['pauseMedia']]);
    actor.send({ type: 'TOGGLE_PLAY' });
    expect(playback()).toBe('resuming');
    expect(plays).toHaveLength(2);
    await settlePlay(true);
    expect(playback()).toBe('playing');
    expect(calls).toEqual([['pauseMedia']]);
  });

  it('returns to paused when resuming is refused', async () => {
    const { actor, settlePlay, playback } = await startPlaying();
    actor.send({ type: 'TOGGLE_PLAY' });
    actor.send({ type: 'TOGGLE_PLAY' });
    await settlePlay(false);
    expect(playback()).toBe('paused');
  });

  it('TOGGLE_MUTE flips muted and applies it to the element', async () => {
    const { actor, calls, context } = await startPlaying();
    actor.send({ type: 'TOGGLE_MUTE' });
    expect(context().muted).toBe(true);
    actor.send({ type: 'TOGGLE_MUTE' });
    expect(context().muted).toBe(false);
    expect(calls).toEqual([
      ['setMediaMuted', { muted: true }],
      ['setMediaMuted', { muted: false }],
    ]);
  });
});

describe('video end and loop', () => {
  it('replays on end when looping, counting and reporting each loop', async () => {
    const { actor, settlePlay, playback, calls, plays, context } = await startPlaying();
    actor.send({ type: 'ENDED' });
    expect(playback()).toBe('resuming');
    expect(plays).toHaveLength(2);
    await settlePlay(true);
    actor.send({ type: 'ENDED' });
    await settlePlay(true);
    expect(playback()).toBe('playing');
    expect(context().loopCount).toBe(2);
    expect(calls).toEqual([
      ['reportLoop', { loopCount: 1 }],
      ['reportLoop', { loopCount: 2 }],
    ]);
  });

  it('stops and reports the end when not looping', async () => {
    const { actor, playback, calls, plays, context } = await startPlaying({ loop: false });
    actor.send({ type: 'ENDED' });
    expect(playback()).toBe('paused');
    expect(calls).toEqual([['reportEnded']]);
    expect(plays).toHaveLength(1);
    expect(context().loopCount).toBe(0);
  });

  it('ignores ENDED while paused', async () => {
    const { actor, playback, calls } = await startPlaying();
    actor.send({ type: 'TOGGLE_PLAY' });
    actor.send({ type: 'ENDED' });
    expect(playback()).toBe('paused');
    expect(calls).toEqual([['pauseMedia']]);
  });
});

describe('video progress and quartiles', () => {
  it('keeps time, duration and progress from TIME_UPDATE', async () => {
    const { actor, context } = await startPlaying();
    actor.send({ type: 'TIME_UPDATE', currentTime: 3, duration: 12 });
    expect(context()).toMatchObject({ currentTime: 3, duration: 12, progress: 0.25 });
    actor.send({ type: 'TIME_UPDATE', currentTime: 4.95, duration: 5 });
    expect(context().progress).toBe(1);
  });

  it('reports each quartile once per video, in order, even across loops', async () => {
    const { actor, settlePlay, calls } = await startPlaying();
    const at = (currentTime: number) => actor.send({ type: 'TIME_UPDATE', currentTime, duration: 8 });
    at(1.9);
    expect(calls).toEqual([]);
    at(2);
    at(2.5);
    at(6.1); // skipped past 50%: both 50% and 75% are reported
    expect(calls).toEqual([
      ['reportQuartile', { quartile: 0.25 }],
      ['reportQuartile', { quartile: 0.5 }],
      ['reportQuartile', { quartile: 0.75 }],
    ]);
    actor.send({ type: 'ENDED' });
    await settlePlay(true);
    at(0.5);
    at(7);
    expect(calls.filter(([name]) => name === 'reportQuartile')).toHaveLength(3);
  });
});

describe('video rendition switch', () => {
  it('swaps to a better rendition on resize, keeping the position, and plays the new source', async () => {
    const { actor, settlePlay, playback, calls, plays, context } = await startPlaying();
    actor.send({ type: 'TIME_UPDATE', currentTime: 1.2, duration: 8 });
    actor.send({ type: 'RESIZE', width: 480, height: 270 });
    expect(context().rendition).toEqual(medium);
    expect(calls).toEqual([['swapSource', { rendition: medium, currentTime: 1.2 }]]);
    expect(playback()).toBe('resuming');
    expect(plays).toHaveLength(2);
    await settlePlay(true);
    expect(playback()).toBe('playing');
  });

  it('keeps the source when the container shrinks or the size needs no upgrade', async () => {
    const { actor, playback, calls, context } = await startPlaying({ width: 480, height: 270 });
    expect(context().rendition).toEqual(medium);
    actor.send({ type: 'RESIZE', width: 200, height: 112 });
    actor.send({ type: 'RESIZE', width: 500, height: 300 });
    expect(calls).toEqual([]);
    expect(playback()).toBe('playing');
  });

  it('swaps but stays paused when resized while paused', async () => {
    const { actor, playback, calls, plays } = await startPlaying();
    actor.send({ type: 'TIME_UPDATE', currentTime: 1.5, duration: 8 });
    actor.send({ type: 'TOGGLE_PLAY' });
    actor.send({ type: 'RESIZE', width: 480, height: 270 });
    expect(calls).toEqual([['pauseMedia'], ['swapSource', { rendition: medium, currentTime: 1.5 }]]);
    expect(playback()).toBe('paused');
    expect(plays).toHaveLength(1);
  });

  it('restarts a pending autoplay on the new source, keeping the muted fallback', async () => {
    const { actor, settlePlay, playback, calls, plays } = start();
    const stale = plays[0]!;
    actor.send({ type: 'RESIZE', width: 480, height: 270 });
    expect(playback()).toBe('autoplaying');
    expect(plays).toHaveLength(2);
    stale.resolve(); // the old source's play() no longer matters
    await flushPromises();
    expect(playback()).toBe('autoplaying');
    await settlePlay(false);
    expect(playback()).toBe('autoplayingMuted');
    expect(calls.map(([name]) => name)).toEqual(['swapSource', 'setMediaMuted', 'reportMuted']);
  });

  it('restarts a pending muted autoplay without muting or reporting again', async () => {
    const { actor, settlePlay, playback, calls, plays } = start();
    await settlePlay(false);
    actor.send({ type: 'RESIZE', width: 480, height: 270 });
    expect(playback()).toBe('autoplayingMuted');
    expect(plays).toHaveLength(3);
    expect(calls.map(([name]) => name)).toEqual(['setMediaMuted', 'reportMuted', 'swapSource']);
  });

  it('restarts a pending resume on the new source', async () => {
    const { actor, playback, plays, calls } = await startPlaying();
    actor.send({ type: 'TOGGLE_PLAY' });
    actor.send({ type: 'TOGGLE_PLAY' });
    actor.send({ type: 'RESIZE', width: 480, height: 270 });
    expect(playback()).toBe('resuming');
    expect(plays).toHaveLength(3);
    expect(calls.map(([name]) => name)).toEqual(['pauseMedia', 'swapSource']);
  });
});

describe('video errors', () => {
  it('reports the code with its SPEC 8 message and fails; TOGGLE_PLAY tries again', async () => {
    const { actor, playback, calls, plays } = await startPlaying();
    actor.send({ type: 'MEDIA_ERROR', code: 4 });
    expect(playback()).toBe('failed');
    expect(calls).toEqual([['reportError', { code: 4, message: 'Can not play a video of type "mp4" on this platform.' }]]);
    actor.send({ type: 'TOGGLE_PLAY' });
    expect(playback()).toBe('resuming');
    expect(plays).toHaveLength(2);
  });

  it('fails from any playback state, e.g. while autoplay is pending', () => {
    const { actor, playback, calls } = start();
    actor.send({ type: 'MEDIA_ERROR', code: 2 });
    expect(playback()).toBe('failed');
    expect(calls).toEqual([['reportError', { code: 2, message: VIDEO_ERROR_MESSAGES[2] }]]);
  });
});

describe('video controls', () => {
  it(`fade in over ${CONTROLS_FADE_IN_MS} ms on pointer enter and hide on leave`, () => {
    const { actor, clock, controls } = start();
    actor.send({ type: 'POINTER_ENTER' });
    expect(controls()).toBe('fadingIn');
    clock.increment(CONTROLS_FADE_IN_MS - 1);
    expect(controls()).toBe('fadingIn');
    clock.increment(1);
    expect(controls()).toBe('shown');
    actor.send({ type: 'POINTER_LEAVE' });
    expect(controls()).toBe('hidden');
  });

  it('cancel the fade-in when the pointer leaves early', () => {
    const { actor, clock, controls } = start();
    actor.send({ type: 'POINTER_ENTER' });
    clock.increment(CONTROLS_FADE_IN_MS - 1);
    actor.send({ type: 'POINTER_LEAVE' });
    clock.increment(CONTROLS_FADE_IN_MS);
    expect(controls()).toBe('hidden');
  });

  it('stay shown when persistent', () => {
    const { actor, controls } = start({ persistentControls: true });
    expect(controls()).toBe('shown');
    actor.send({ type: 'POINTER_LEAVE' });
    expect(controls()).toBe('shown');
  });
});
