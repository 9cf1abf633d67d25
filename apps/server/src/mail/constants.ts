/** Mail delivery's numbers. */
export const MAIL_POLL_INTERVAL_MS = 5_000;
/** Delivery attempts before a message is given up (its error is kept for the outbox page). */
export const MAIL_MAX_ATTEMPTS = 8;
/** Waits between attempts: doubling from this, up to the cap. */
export const MAIL_RETRY_BASE_MS = 30_000;
export const MAIL_RETRY_MAX_MS = 60 * 60_000;
/** Messages sent per pass. */
export const MAIL_BATCH = 20;
/** SMTP socket time limits, so a stuck server cannot hold the sender. */
export const SMTP_TIMEOUT_MS = 20_000;
/** How many outbox messages the staff page lists. */
export const OUTBOX_PAGE_SIZE = 100;
