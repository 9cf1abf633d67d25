/**
 * What time it is, for work that happens at a time (scheduled posts, trending stories, due jobs).
 * The system clock in production; tests pass one they move, so nothing waits for minutes to pass.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The system clock shifted by `offsetMs` (a restarted test server told its time has come). */
export const offsetClock =
  (offsetMs: number): Clock =>
  () =>
    new Date(Date.now() + offsetMs);
