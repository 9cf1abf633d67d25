/**
 * Spec constants of the widget library (SPEC 2.2, 3, 4.2, 4.3, 7.7, 9), each named once. Values
 * the machines already name are re-exported from there, not repeated.
 */
export {
  CAROUSEL_FETCH_DEBOUNCE_MS,
  CONTROLS_FADE_IN_MS,
  DEFAULT_VIDEO_LOOP,
  GRID_FETCH_DEBOUNCE_MS,
} from '@loopbox/machines/constants';

/** Widget prop defaults (SPEC 3, 9). */
export const DEFAULT_GUTTER = 6;
export const DEFAULT_BORDER_RADIUS = 4;
export const DEFAULT_TAB_INDEX = 0;
export const DEFAULT_VOLUME = 0.7;

/** Usage reports (SPEC 4.3, 7.7, 9). */
export const SEEN_THRESHOLD = 0.99;
export const HOVER_REPORT_DELAY_MS = 200;
export { PINGBACK_DEBOUNCE_MS, PINGBACK_MAX_BATCH } from '@loopbox/sdk';
export const PINGBACK_ACTIONS = ['SEEN', 'CLICK', 'HOVER', 'START'] as const;
export const LAYOUT_TYPES = ['GRID', 'CAROUSEL', 'GIF', 'VIDEO'] as const;

/** Grid (SPEC 2.2, 8). */
export const GRID_ERROR_MESSAGE = 'Error loading GIFs. Try again?';

/** Carousel loader sentinel width (SPEC 9). */
export const CAROUSEL_LOADER_WIDTH_PX = 30;

/** Grid tile backgrounds: five brand colours, one at random per tile (SPEC 4.3, 9). */
export const GIF_BACKGROUND_PALETTE = ['#00ccff', '#00ff99', '#9933ff', '#ff6666', '#fff35c'] as const;

/** srcset widths (SPEC 9): the webp source offers 200w and 480w, the image 200w, 480w and 500w. */
export const WEBP_SRCSET_WIDTHS = [200, 480] as const;
export const IMAGE_SRCSET_WIDTHS = [200, 480, 500] as const;

/** Avatars in the attribution overlay are requested 80 px high (SPEC 3). */
export const ATTRIBUTION_AVATAR_RENDITION = '80h';

/** Logged when a Video has no rendition to play (SPEC 8). */
export const NO_VIDEO_URL_WARNING = 'No video URL found';
