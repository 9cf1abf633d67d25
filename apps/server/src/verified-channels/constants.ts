/** Verified channels' named values (issue 31); the limits the `/apply` form shows live in @loopbox/pages. */
export {
  APPLICATION_DECISIONS,
  APPLICATION_EXAMPLES_MAX,
  APPLICATION_EXAMPLES_MIN,
  APPLICATION_LINKS_MAX,
  APPLICATION_LINKS_MIN,
  APPLICATION_NAME_MAX,
  APPLICATION_STATES,
  APPLICATION_WHY_MAX,
  NOTE_MAX as DECISION_NOTE_MAX,
  USER_FLAGS,
  type ApplicationDecision,
  type ApplicationState,
  type UserFlag,
} from '@loopbox/pages';

/** Domain events, each on the applicant's (or flagged user's) `user` stream, so a person's audit trail holds them. */
export const CHANNEL_EVENTS = {
  applied: 'channel_application.submitted',
  approved: 'channel_application.approved',
  refused: 'channel_application.refused',
  flagsChanged: 'user.flags_changed',
} as const;

/** A link or example URL at most this long. */
export const APPLICATION_URL_MAX = 2000;
/** Open applications staff's queue lists at most, oldest first. */
export const REVIEW_QUEUE_MAX = 100;
