/** The job runner's numbers, named once. */

/** How often an idle runner looks for due jobs (other processes' and scheduled ones); enqueues in this process wake it at once. */
export const JOB_POLL_INTERVAL_MS = 1_000;
/** A step that throws is retried this many times in all, with doubling delays, before the job fails. */
export const JOB_MAX_ATTEMPTS = 5;
/** The first retry's delay; each later one doubles it. */
export const JOB_RETRY_BASE_MS = 1_000;
/** Rows one step of a job may touch: short transactions keep PGlite's single connection free for requests. */
export const JOB_BATCH_SIZE = 200;
/** What the status call answers for each state (SPEC 4.6: polled until DONE). */
export const JOB_STATUS = { queued: 'PENDING', running: 'RUNNING', done: 'DONE', failed: 'FAILED' } as const;
