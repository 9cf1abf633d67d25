/** Scheduler numbers and messages, named once (SPEC 3, 7.5, 9). */

/** Where the scheduler answers (the edge's `/schedule*` and `/activity` routes). */
export const SCHEDULE_PATH = '/schedule';
export const ACTIVITY_PATH = '/activity';
/** SPEC 9: the scheduler list's default limit and offset; SPEC 7.5: its default type. */
export const SCHEDULE_DEFAULT_LIMIT = 25;
export const SCHEDULE_DEFAULT_OFFSET = 0;
export const SCHEDULE_DEFAULT_TYPE = 'gif';
export const SCHEDULE_MAX_LIMIT = 100;
export const SCHEDULE_MAX_OFFSET = 10_000;
/** What a scheduled GIF's `type` may be, what a public GIF does while it waits, and a post's states: in the answers, so in the contract. */
export {
  POST_STATES,
  PUBLIC_GIF_CHOICES,
  SCHEDULE_TYPES,
  type PostState,
  type PublicGifChoice,
  type ScheduleType,
} from '@loopbox/contract/scheduler';
export const PUBLIC_GIFS_REQUIRED = `public_gifs is required when a scheduled GIF is public: 'private_until_publish' makes it private until the time (its link answers 404 until then), 'stay_public' keeps it public and schedules only its promotion to trending`;
/** GIFs one post may hold. */
export const SCHEDULE_MAX_GIFS = 50;
/** Activity entries per answer by default, and at most. */
export const ACTIVITY_DEFAULT_LIMIT = 50;
export const ACTIVITY_MAX_LIMIT = 200;
/** The job that makes a post's GIFs public at its time (jobs/runner.ts). */
export const PUBLISH_JOB_KIND = 'scheduler.publish';
/** `npm run start:scheduler` listens on SCHEDULER_PORT, by default this one. */
export const SCHEDULER_PORT_DEFAULT = 3002;
