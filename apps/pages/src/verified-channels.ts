/**
 * Verified channels (issue 31): the limits of an application at `/apply`, shared by the server's
 * checks and the site's form, so the form's hints say what the server holds it to.
 */

/** The artist's or brand's name. */
export const APPLICATION_NAME_MAX = 100;
/** Links to the applicant's work elsewhere (http or https). */
export const APPLICATION_LINKS_MIN = 1;
export const APPLICATION_LINKS_MAX = 5;
/** Examples of their work: this site's GIF ids or links, or other URLs. */
export const APPLICATION_EXAMPLES_MIN = 1;
export const APPLICATION_EXAMPLES_MAX = 10;
/** Why they apply. */
export const APPLICATION_WHY_MAX = 2000;
/** An application's states: waiting for staff, then approved or refused (a refused applicant may apply again). */
export const APPLICATION_STATES = ['open', 'approved', 'refused'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
/** Staff's decision on an application. */
export const APPLICATION_DECISIONS = ['approve', 'refuse'] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];
/** The flags staff set on any user (`PATCH /api/v1/users/{id}/`): the verified badge, a public profile, attribution shown. */
export const USER_FLAGS = ['is_verified', 'is_public', 'suppress_chrome'] as const;
export type UserFlag = (typeof USER_FLAGS)[number];
