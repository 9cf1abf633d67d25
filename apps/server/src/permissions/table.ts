import type { Audience } from './roles.ts';

/**
 * How far a grant reaches: `any` resource, or only the caller's `own` (see ownership.ts for who owns
 * what). A resource with no owner (site-wide figures) is reached by `any` alone.
 */
export type Reach = 'any' | 'own';
export type Grants = Partial<Record<Audience, Reach>>;

const everyone: Grants = { anonymous: 'any', user: 'any', creator: 'any', moderator: 'any', staff: 'any' };
const ownOrStaff: Grants = { user: 'own', creator: 'own', moderator: 'own', staff: 'any' };
const signedIn: Grants = { user: 'any', creator: 'any', moderator: 'any', staff: 'any' };
const ownOnly: Grants = { user: 'own', creator: 'own', moderator: 'own', staff: 'own' };

/**
 * The permission table: for each action, which audience may do it and how far. Routes ask `can`
 * (can.ts) with the action and the resource's owner; no route compares roles itself. An audience
 * missing from a row is refused (401 when not signed in, 403 otherwise).
 */
export const PERMISSIONS = {
  /** The build this server runs (GET /api/v3/env/build). */
  'build.read': everyone,
  /** A user's public profile; hidden users are found by themselves and staff only. */
  'profile.read': everyone,
  /** E-mail, role and the other private fields of a profile. */
  'profile.read_private': ownOrStaff,
  'profile.edit': ownOrStaff,
  'role.change': { staff: 'any' },
  /** Sign up, log in, request or complete a password reset, verify an e-mail address by its mailed token. */
  'account.create': everyone,
  'session.create': everyone,
  'password.reset': everyone,
  'email.verify': everyone,
  /** A signed-in person's own sessions, tokens, password and favorites. */
  'session.manage': ownOrStaff,
  'token.manage': ownOrStaff,
  'password.change': ownOnly,
  'favorite.manage': ownOrStaff,
  /** View counts and dashboard series: one's own GIFs' (anyone who uploads), or everyone's and the site's for staff. */
  'analytics.read': ownOrStaff,
  /** The dashboard pages (/dashboard/…) of anyone signed in; what they show is checked again by each read. */
  'dashboard.open': signedIn,
  /** Changing a GIF: title, tags, language tags, rating, source, visibility, call to action, removal; its upload's progress. */
  'gif.edit': ownOrStaff,
  /**
   * Uploading a GIF as oneself (anyone signed in: a new account's wait for review, uploads/trust.ts)
   * or as anyone (staff, naming the user).
   */
  'gif.upload': ownOrStaff,
  /** Telling the site a GIF was downloaded, its link copied, shared… (counted in its figures). */
  'gif.report_action': everyone,
  /** Mailing a GIF's link to someone (rate-limited). */
  'gif.share_by_mail': signedIn,
  /** Suggested tags for frames of an upload (costs CPU: OCR and a visual search). */
  'tags.predict': signedIn,
  /** Making a new GIF from media (anyone signed in): the imaging service's trim and the GIF maker's render (each costs CPU like an upload). */
  'media.make': signedIn,
  /** Looking up a music artist's name for an artist profile (calls Spotify's oEmbed). */
  'artist.resolve': signedIn,
  /** Making a channel tree of one's own (a root channel); children are made under a channel one manages. */
  'channel.create': { creator: 'own', staff: 'any' },
  /**
   * Changing a channel: its fields, place in the tree, feed, ranked and magic tags, children, and
   * reading its update jobs and (when hidden or private) the channel itself. A channel is its
   * owner's; children made under it belong to the tree's owner.
   */
  'channel.manage': ownOrStaff,
  /** Reporting a GIF or a search's results to the moderators (rate-limited per address, one open report per reporter). */
  'gif.report': everyone,
  'search.report': everyone,
  /** Deciding about a GIF (approve, rate, hide, remove, restore); reading the review queue, a GIF's reports and the audit trail; reading and resolving the search-report queue. */
  'gif.moderate': { moderator: 'any', staff: 'any' },
  /** Filing a takedown (many GIFs removed at once, owners mailed), the search service over all content, blocking trending terms. */
  'takedown.file': { staff: 'any' },
  'content.search_all': { staff: 'any' },
  'trending.block': { moderator: 'any', staff: 'any' },
  /** Warning, suspending and restoring accounts. */
  'account.moderate': { staff: 'any' },
  /** Setting a user's flags: the verified badge (`is_verified`), a public profile (`is_public`), attribution shown (`suppress_chrome`). */
  'user.flag': { staff: 'any' },
  /** Applying for a verified channel (`/apply`) and reading one's own application: any signed-in person. */
  'channel.apply': signedIn,
  /** Reading the open applications for verified channels and approving or refusing them. */
  'application.review': { staff: 'any' },
  /** Writing a story of one's own (a creator) or of anyone (staff). */
  'story.create': { creator: 'own', staff: 'any' },
  /** Changing or deleting a story, and reading it while it is a draft. A story is its author's. */
  'story.edit': { creator: 'own', staff: 'any' },
  /** Putting a story into trending from a time on, or taking it out. */
  'story.trend': { staff: 'any' },
  /**
   * Scheduling one's own GIFs to go public at a time, reading one's schedule and activity, and
   * cancelling a scheduled post. A post is its creator's; staff read and cancel anyone's.
   */
  'schedule.manage': { creator: 'own', staff: 'any' },
  /** Making a developer app (and its first API key): any signed-in person. */
  'developer_app.create': signedIn,
  /** One's apps and keys: listing, usage, asking for production, rotating and revoking keys. An app is its creator's. */
  'developer_app.manage': ownOrStaff,
  /** Approving or refusing requests for production keys, and reading the open ones. */
  'developer_app.review': { staff: 'any' },
  /** One's own notices about one's GIFs (held, approved, hidden, rated, removed, taken down): reading them, marking them read. */
  'notice.manage': ownOnly,
  /** The mail outbox, for self-hosters without SMTP. */
  'mail.read_outbox': { staff: 'any' },
} as const satisfies Record<string, Grants>;

export type Action = keyof typeof PERMISSIONS;

/**
 * Actions a personal access token may never take, whatever its scope: a leaked token must not mint
 * more tokens, change the password or end the owner's sessions. They need the cookie session.
 */
export const SESSION_ONLY: ReadonlySet<Action> = new Set<Action>(['token.manage', 'password.change', 'session.manage']);
