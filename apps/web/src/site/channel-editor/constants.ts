/** SPEC 9: a channel update job is asked about 8 times, 500 ms apart, before the editor says it is still working. */
export const JOB_POLL_TRIES = 8;
export const JOB_POLL_DELAY_MS = 500;
/** GIFs offered at once when adding from My GIFs or from a search. */
export const PICKER_PAGE_SIZE = 24;
/** The feed page the editor shows and reorders (the backend allows up to 100). */
export const EDITOR_FEED_LIMIT = 100;
