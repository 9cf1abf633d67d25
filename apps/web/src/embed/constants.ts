/**
 * Spec constants of the embed view and the GIF page (SPEC 2.1, 4.1, 7.7, 9), each named once.
 * Timings of SPEC 4.1 live in the embed machine (`@loopbox/machines/constants`).
 */
export { DEFAULT_GUTTER as RELATED_GRID_GUTTER } from '@loopbox/widgets';

/** The product name, shared with the server (@loopbox/pages). */
export { PROVIDER_NAME } from '@loopbox/pages';
export const BRAND_COLOUR = '00ccff';

/** Related grid (SPEC 7.7, 9): 3 columns, width = window width − 30, pages of 6 then 12. */
export const RELATED_GRID_COLUMNS = 3;
export const RELATED_GRID_WIDTH_MARGIN_PX = 30;
export const RELATED_FIRST_PAGE_LIMIT = 6;
export const RELATED_PAGE_LIMIT = 12;

/** Share popups (SPEC 9): 480×480, except 750×350 for the microblogging service. */
export const SHARE_POPUP_SIZE = { width: 480, height: 480 } as const;
export const MICROBLOG_POPUP_SIZE = { width: 750, height: 350 } as const;
/** The favorite link's query (SPEC 7.7). */
export const FAVORITE_REF = 'fave';

/**
 * Scroll markers of the desktop footer (SPEC 4.1, 9): IntersectionObserver thresholds in 5 steps
 * for the header marker (the Related Gifs heading) and 10 for the grid-button marker (the footer's
 * button bar).
 */
export const HEADER_MARKER_THRESHOLD_STEPS = 5;
export const GRID_BUTTON_MARKER_THRESHOLD_STEPS = 10;

/** The first video host's player API script, inserted when its media overlay first opens (SPEC 7.7). */
export { FIRST_HOST_API_SCRIPT_URL } from '@loopbox/pages';

/** Error reporting is on for this share of visits (SPEC 9). */
export const ERROR_REPORT_SAMPLE_RATE = 0.01;

/**
 * Which GIFs get the desktop footer's pause/play button (SPEC 2.1: "shown only for stickers or
 * non-stickers according to a flag"): true shows it for stickers only, false for GIFs only.
 */
export const FOOTER_PAUSE_FOR_STICKERS = true;

/** Mobile detection by user agent (SPEC 5). */
export const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;

/** Page views go to the tag manager's data layer only with vendor consent (SPEC 7.7). */
export const VENDOR_CONSENT_PARAM = 'vendor_consent';

/** Embed option (SPEC 3 hideVideo) in the embed URL's query: no Watch button. */
export const HIDE_VIDEO_PARAM = 'hide_video';

/**
 * Where the related grid goes (related-layout.ts): beside the GIF when the frame leaves at least
 * this width next to the GIF's fitted size (the panel at most 480 px wide), below it when it leaves
 * this height under it; otherwise only on demand, behind the footer's More button.
 */
export const RELATED_BESIDE_MIN_WIDTH_PX = 300;
export const RELATED_BESIDE_MAX_WIDTH_PX = 480;
export const RELATED_BELOW_MIN_HEIGHT_PX = 240;

/** Visitors who ask for less motion see the still with a play button (CSS holds the same query). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
