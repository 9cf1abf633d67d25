import { assign, setup, stateIn } from 'xstate';
import {
  EMBED_ANALYTICS_CATEGORY,
  EMBED_HOVER_LABEL,
  FIRST_HOST_BACK_TO_GIF_STATES,
  FOOTER_OFFSET_EXTRA_PX,
  HOVER_IN_DELAY_MS,
  HOVER_OUT_DELAY_GRID_ACTIVE_MS,
  HOVER_OUT_DELAY_MS,
  READY_FALLBACK_MS,
  RESIZE_THROTTLE_MS,
} from './constants.ts';

/** The single-GIF embed view (SPEC 2.1, 4.1); analytics per SPEC 7.7. */

export type EmbedMedia = 'video' | 'image';

export interface EmbedInput {
  /** What the GIF renders as: pausing a video drives the element, pausing an image shows its still. */
  media: EmbedMedia;
}

export interface EmbedContext {
  media: EmbedMedia;
  /** Set on the first applied hover and never cleared: the related grid is built lazily. */
  isRelatedGridCreated: boolean;
  /** Raised by an applied hover; lowered by an applied leave or by opening share. */
  isFooterRaised: boolean;
  isGridActive: boolean;
  isGridHittingHeader: boolean;
  /** How far the raised desktop footer slides up: the measured related-grid height plus the footer bar. */
  footerOffsetPx: number;
  /**
   * The related grid opened on demand (the More button, where the frame has no room beside or below
   * the GIF); closed by its close button, Escape, an applied leave or opening share.
   */
  isRelatedOpen: boolean;
  /** The visitor pressed play: reduced motion no longer holds the GIF still. */
  isMotionChosen: boolean;
}

export type EmbedTrackAction = 'Click' | 'Hover' | 'Copy' | 'Social Sharing' | 'SCROLL' | 'CLICK';

export interface EmbedTrackParams {
  category: typeof EMBED_ANALYTICS_CATEGORY;
  action: EmbedTrackAction;
  label: string;
}

export type SecondHostPlayerEvent = 'play' | 'pause' | 'ended';

export type EmbedEvent =
  | { type: 'MOUSE_ENTER' }
  | { type: 'MOUSE_LEAVE' }
  | { type: 'TOGGLE_SHARE' }
  | { type: 'CLOSE_SHARE' }
  | { type: 'TOGGLE_PAUSE' }
  /** The visitor prefers reduced motion (sent at mount): the GIF stops on its still until played. */
  | { type: 'REDUCE_MOTION' }
  /** The More button and the related grid's close control (or Escape). */
  | { type: 'OPEN_RELATED' }
  | { type: 'CLOSE_RELATED' }
  | { type: 'TOGGLE_MOBILE_FOOTER' }
  /** The Watch button; providerName labels the Play analytics event. */
  | { type: 'OPEN_MEDIA_OVERLAY'; providerName: string }
  /** The back-to-GIF button. */
  | { type: 'CLOSE_MEDIA_OVERLAY' }
  | { type: 'FIRST_HOST_PLAYER_STATE'; state: number }
  | { type: 'SECOND_HOST_PLAYER_EVENT'; event: SecondHostPlayerEvent }
  | { type: 'HEADER_MARKER'; isHittingHeader: boolean }
  | { type: 'GRID_MARKER'; isGridActive: boolean }
  /** The related grid's measured height (a ResizeObserver in the view). */
  | { type: 'RELATED_GRID_MEASURED'; heightPx: number }
  | { type: 'GRID_SCROLLED' }
  | { type: 'INTRO_ANIMATION_END' }
  | { type: 'WINDOW_RESIZE' }
  | { type: 'FAVORITE_CLICKED' };

const track = (action: EmbedTrackAction, label: string) =>
  ({ type: 'track', params: { category: EMBED_ANALYTICS_CATEGORY, action, label } }) as const;

export const playLabel = (providerName: string) => `Play ${providerName}`;

export const embedMachine = setup({
  types: {
    context: {} as EmbedContext,
    events: {} as EmbedEvent,
    input: {} as EmbedInput,
  },
  actions: {
    track: (_, _params: EmbedTrackParams) => {},
    pauseVideo: () => {},
    playVideo: () => {},
    scrollGridToTop: () => {},
    rerenderRelatedGrid: () => {},
    applyHover: assign({ isFooterRaised: true, isRelatedGridCreated: true }),
    applyLeave: assign({ isFooterRaised: false, isGridActive: false, isRelatedOpen: false }),
    chooseMotion: assign({ isMotionChosen: true }),
  },
  guards: {
    isVideo: ({ context }) => context.media === 'video',
    hasPendingResize: stateIn({ resize: { throttled: 'pending' } }),
    showsBackToGifForFirstHost: ({ event }) =>
      event.type === 'FIRST_HOST_PLAYER_STATE' && FIRST_HOST_BACK_TO_GIF_STATES.includes(event.state),
    showsBackToGifForSecondHost: ({ event }) =>
      event.type === 'SECOND_HOST_PLAYER_EVENT' && (event.event === 'pause' || event.event === 'ended'),
  },
  delays: {
    hoverIn: HOVER_IN_DELAY_MS,
    // Read when the leave starts: a user scrolling the related grid gets longer to come back.
    hoverOut: ({ context }) => (context.isGridActive ? HOVER_OUT_DELAY_GRID_ACTIVE_MS : HOVER_OUT_DELAY_MS),
    readyFallback: READY_FALLBACK_MS,
    resizeThrottle: RESIZE_THROTTLE_MS,
  },
}).createMachine({
  id: 'embed',
  context: ({ input }) => ({
    media: input.media,
    isRelatedGridCreated: false,
    isFooterRaised: false,
    isGridActive: false,
    isGridHittingHeader: false,
    footerOffsetPx: FOOTER_OFFSET_EXTRA_PX,
    isRelatedOpen: false,
    isMotionChosen: false,
  }),
  type: 'parallel',
  on: {
    HEADER_MARKER: { actions: assign({ isGridHittingHeader: ({ event }) => event.isHittingHeader }) },
    GRID_MARKER: { actions: assign({ isGridActive: ({ event }) => event.isGridActive }) },
    RELATED_GRID_MEASURED: { actions: assign({ footerOffsetPx: ({ event }) => event.heightPx + FOOTER_OFFSET_EXTRA_PX }) },
    OPEN_RELATED: { actions: assign({ isRelatedOpen: true, isRelatedGridCreated: true }) },
    CLOSE_RELATED: { actions: assign({ isRelatedOpen: false }) },
  },
  states: {
    hover: {
      initial: 'notHovered',
      states: {
        notHovered: { on: { MOUSE_ENTER: 'entering' } },
        entering: {
          after: { hoverIn: { target: 'hovered', actions: ['applyHover', track('Hover', EMBED_HOVER_LABEL)] } },
          on: { MOUSE_LEAVE: 'notHovered' },
        },
        hovered: { on: { MOUSE_LEAVE: 'leaving' } },
        leaving: {
          after: { hoverOut: { target: 'notHovered', actions: ['applyLeave', 'scrollGridToTop'] } },
          on: { MOUSE_ENTER: 'hovered' },
        },
      },
    },
    share: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            TOGGLE_SHARE: { target: 'open', actions: [assign({ isFooterRaised: false, isRelatedOpen: false }), track('Click', 'Share')] },
          },
        },
        open: { on: { TOGGLE_SHARE: 'closed', CLOSE_SHARE: 'closed' } },
      },
    },
    playback: {
      initial: 'playing',
      states: {
        playing: {
          on: {
            TOGGLE_PAUSE: [
              { guard: 'isVideo', target: 'paused', actions: ['pauseVideo', track('Click', 'Pause')] },
              { target: 'paused', actions: track('Click', 'Pause') },
            ],
            REDUCE_MOTION: [{ guard: 'isVideo', target: 'paused', actions: 'pauseVideo' }, { target: 'paused' }],
          },
        },
        paused: {
          on: {
            TOGGLE_PAUSE: [
              { guard: 'isVideo', target: 'playing', actions: ['chooseMotion', 'playVideo', track('Click', 'Pause')] },
              { target: 'playing', actions: ['chooseMotion', track('Click', 'Pause')] },
            ],
          },
        },
      },
    },
    mobileFooter: {
      initial: 'closed',
      states: {
        closed: { on: { TOGGLE_MOBILE_FOOTER: 'open' } },
        open: { on: { TOGGLE_MOBILE_FOOTER: 'closed' } },
      },
    },
    mediaOverlay: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN_MEDIA_OVERLAY: {
              target: 'open',
              actions: {
                type: 'track',
                params: ({ event }) => ({
                  category: EMBED_ANALYTICS_CATEGORY,
                  action: 'Click',
                  label: playLabel(event.providerName),
                }),
              },
            },
          },
        },
        open: {
          initial: 'backToGifHidden',
          on: {
            CLOSE_MEDIA_OVERLAY: { target: 'closed', actions: track('Click', 'Back to GIF') },
            FIRST_HOST_PLAYER_STATE: { guard: 'showsBackToGifForFirstHost', target: '.backToGifShown' },
            SECOND_HOST_PLAYER_EVENT: [{ guard: 'showsBackToGifForSecondHost', target: '.backToGifShown' }, { target: '.backToGifHidden' }],
          },
          states: { backToGifHidden: {}, backToGifShown: {} },
        },
      },
    },
    intro: {
      initial: 'animating',
      states: {
        animating: {
          after: { readyFallback: 'ready' },
          on: { INTRO_ANIMATION_END: 'ready' },
        },
        ready: {},
      },
    },
    gridScroll: {
      initial: 'untracked',
      states: {
        untracked: { on: { GRID_SCROLLED: { target: 'tracked', actions: track('SCROLL', 'GRID') } } },
        tracked: {},
      },
    },
    // Throttle: re-render at once, then at most once per window for resizes during it.
    resize: {
      initial: 'idle',
      states: {
        idle: { on: { WINDOW_RESIZE: { target: 'throttled', actions: 'rerenderRelatedGrid' } } },
        throttled: {
          initial: 'clean',
          after: {
            resizeThrottle: [
              { guard: 'hasPendingResize', target: 'throttled', reenter: true, actions: 'rerenderRelatedGrid' },
              { target: 'idle' },
            ],
          },
          states: {
            clean: { on: { WINDOW_RESIZE: 'pending' } },
            pending: {},
          },
        },
      },
    },
    favorite: {
      initial: 'inactive',
      on: { FAVORITE_CLICKED: { target: '.active', actions: track('Click', 'Favorite') } },
      states: { inactive: {}, active: {} },
    },
  },
});

export type EmbedMachine = typeof embedMachine;
