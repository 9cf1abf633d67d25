import { assertEvent, assign, enqueueActions, fromPromise, not, setup } from 'xstate';
import { CONTROLS_FADE_IN_MS, DEFAULT_VIDEO_LOOP, type Quartile } from './constants.ts';
import { videoErrorMessage } from './video-error.ts';
import { displayedProgress, newlyReachedQuartiles } from './video-progress.ts';
import { betterRendition, chooseRendition, type VideoRendition } from './video-rendition.ts';

/** The widget Video (SPEC 3 Video props, 4.4). */

export interface VideoInput {
  renditions: readonly VideoRendition[];
  /** Container size, used to choose the first rendition. */
  width: number;
  height: number;
  muted?: boolean;
  loop?: boolean;
  persistentControls?: boolean;
}

export interface VideoContext {
  renditions: readonly VideoRendition[];
  /** The source to render; replaced (upgrade only) on RESIZE. */
  rendition: VideoRendition | undefined;
  muted: boolean;
  loop: boolean;
  persistentControls: boolean;
  /** Seconds, from the last TIME_UPDATE; the position a source swap resumes at. */
  currentTime: number;
  duration: number;
  /** Progress bar value 0..1. */
  progress: number;
  loopCount: number;
  /** Reported once per video, not per loop: see README. */
  reportedQuartiles: readonly Quartile[];
  hasStarted: boolean;
}

export type VideoEvent =
  | { type: 'TOGGLE_PLAY' }
  | { type: 'TOGGLE_MUTE' }
  | { type: 'TIME_UPDATE'; currentTime: number; duration: number }
  | { type: 'ENDED' }
  | { type: 'MEDIA_ERROR'; code: number }
  | { type: 'RESIZE'; width: number; height: number }
  | { type: 'POINTER_ENTER' }
  | { type: 'POINTER_LEAVE' };

export interface SwapSourceParams {
  rendition: VideoRendition;
  /** Seek here once the new source has loaded. */
  currentTime: number;
}

const pauseNow = { target: 'paused', actions: 'pauseMedia' } as const;
/** A better rendition while play is requested or running: swap, then play the new source. */
const swapAndPlay = (target: 'autoplaying' | 'autoplayingMuted' | 'resuming') =>
  ({ guard: 'isBetterRendition', target, reenter: true, actions: 'switchRendition' }) as const;

const videoSetup = setup({
  types: {
    context: {} as VideoContext,
    events: {} as VideoEvent,
    input: {} as VideoInput,
  },
  actors: {
    // Resolves when the element's play() promise does; rejects when the browser refuses.
    play: fromPromise<void>(async () => {
      throw new Error('video: provide the play actor');
    }),
  },
  actions: {
    pauseMedia: () => {},
    setMediaMuted: (_, _params: { muted: boolean }) => {},
    swapSource: (_, _params: SwapSourceParams) => {},
    reportStart: () => {},
    reportQuartile: (_, _params: { quartile: Quartile }) => {},
    reportLoop: (_, _params: { loopCount: number }) => {},
    reportMuted: () => {},
    reportEnded: () => {},
    reportError: (_, _params: { code: number; message: string }) => {},
  },
  guards: {
    isMuted: ({ context }) => context.muted,
    isLooping: ({ context }) => context.loop,
    hasPersistentControls: ({ context }) => context.persistentControls,
    isBetterRendition: ({ context, event }) => {
      assertEvent(event, 'RESIZE');
      return betterRendition(context.rendition, context.renditions, event.width, event.height) !== undefined;
    },
  },
  delays: { controlsFadeIn: CONTROLS_FADE_IN_MS },
});

// Composite actions, typed against the IO actions above.
const videoWithActions = videoSetup.extend({
  actions: {
    switchRendition: videoSetup.enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'RESIZE');
      const rendition = betterRendition(context.rendition, context.renditions, event.width, event.height);
      if (!rendition) return;
      enqueue.assign({ rendition });
      enqueue({ type: 'swapSource', params: { rendition, currentTime: context.currentTime } });
    }),
  },
});

export const videoMachine = videoWithActions.createMachine({
  id: 'video',
  context: ({ input }) => ({
    renditions: input.renditions,
    rendition: chooseRendition(input.renditions, input.width, input.height),
    muted: input.muted ?? false,
    loop: input.loop ?? DEFAULT_VIDEO_LOOP,
    persistentControls: input.persistentControls ?? false,
    currentTime: 0,
    duration: 0,
    progress: 0,
    loopCount: 0,
    reportedQuartiles: [],
    hasStarted: false,
  }),
  type: 'parallel',
  on: {
    TOGGLE_MUTE: {
      actions: [
        assign({ muted: ({ context }) => !context.muted }),
        { type: 'setMediaMuted', params: ({ context }) => ({ muted: context.muted }) },
      ],
    },
    TIME_UPDATE: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const { currentTime, duration } = event;
        const reached = newlyReachedQuartiles(currentTime, duration, context.reportedQuartiles);
        enqueue.assign({
          currentTime,
          duration,
          progress: displayedProgress(currentTime, duration),
          reportedQuartiles: [...context.reportedQuartiles, ...reached],
        });
        for (const quartile of reached) enqueue({ type: 'reportQuartile', params: { quartile } });
      }),
    },
  },
  states: {
    playback: {
      initial: 'autoplaying',
      on: {
        RESIZE: { guard: 'isBetterRendition', actions: 'switchRendition' },
        MEDIA_ERROR: {
          target: '.failed',
          actions: {
            type: 'reportError',
            params: ({ context, event }) => ({
              code: event.code,
              message: videoErrorMessage(event.code, context.rendition?.url),
            }),
          },
        },
      },
      states: {
        autoplaying: {
          invoke: {
            src: 'play',
            onDone: 'playing',
            // Browsers refuse unmuted autoplay: retry muted. Already muted: nothing left to try.
            onError: [
              { guard: 'isMuted', target: 'paused' },
              {
                target: 'autoplayingMuted',
                actions: [assign({ muted: true }), { type: 'setMediaMuted', params: { muted: true } }, 'reportMuted'],
              },
            ],
          },
          on: { TOGGLE_PLAY: pauseNow, RESIZE: swapAndPlay('autoplaying') },
        },
        autoplayingMuted: {
          invoke: { src: 'play', onDone: 'playing', onError: 'paused' },
          on: { TOGGLE_PLAY: pauseNow, RESIZE: swapAndPlay('autoplayingMuted') },
        },
        resuming: {
          invoke: { src: 'play', onDone: 'playing', onError: 'paused' },
          on: { TOGGLE_PLAY: pauseNow, RESIZE: swapAndPlay('resuming') },
        },
        playing: {
          entry: enqueueActions(({ context, enqueue }) => {
            if (context.hasStarted) return;
            enqueue.assign({ hasStarted: true });
            enqueue('reportStart');
          }),
          on: {
            TOGGLE_PLAY: pauseNow,
            RESIZE: swapAndPlay('resuming'),
            ENDED: [
              {
                guard: 'isLooping',
                // play() on an ended element restarts it from the beginning.
                target: 'resuming',
                actions: [
                  assign({ loopCount: ({ context }) => context.loopCount + 1 }),
                  { type: 'reportLoop', params: ({ context }) => ({ loopCount: context.loopCount }) },
                ],
              },
              { target: 'paused', actions: 'reportEnded' },
            ],
          },
        },
        paused: {
          on: { TOGGLE_PLAY: 'resuming' },
        },
        failed: {
          on: { TOGGLE_PLAY: 'resuming' },
        },
      },
    },
    controls: {
      initial: 'hidden',
      states: {
        hidden: {
          always: { guard: 'hasPersistentControls', target: 'shown' },
          on: { POINTER_ENTER: 'fadingIn' },
        },
        fadingIn: {
          after: { controlsFadeIn: 'shown' },
          on: { POINTER_LEAVE: 'hidden' },
        },
        shown: {
          on: { POINTER_LEAVE: { guard: not('hasPersistentControls'), target: 'hidden' } },
        },
      },
    },
  },
});

export type VideoMachine = typeof videoMachine;
export type { VideoRendition } from './video-rendition.ts';
