import { ROLES } from '@loopbox/pages';
import { z } from 'zod';
import { User } from './accounts.ts';
import { enveloped, Timestamp, type Wire } from './common.ts';

/** Signing in and out, a person's sessions, and who is calling (`GET /login/check`). */

/** How far a permission reaches: any resource, or only the caller's own. */
export const REACHES = ['any', 'own'] as const;
export type Reach = (typeof REACHES)[number];

/** What logging in and finishing a sign-up answer, beside the session and CSRF cookies they set. */
export const SignedIn = z.strictObject({
  user_id: z.number().int(),
  username: z.string(),
  /** The value the `X-CSRF-Token` header must carry on every change. */
  csrf_token: z.string(),
  expires_at: Timestamp,
});
export type SignedIn = Wire<typeof SignedIn>;

export const Session = z.strictObject({
  id: z.string(),
  created_at: Timestamp,
  last_seen_at: Timestamp,
  expires_at: Timestamp,
  address: z.string(),
  user_agent: z.string(),
});
/** A live session as its owner lists it: `current`, the one this call came with. */
export const SessionListing = Session.extend({ current: z.boolean() });
export type SessionListing = Wire<typeof SessionListing>;

/** The site header's picture of the signed-in user: a few fields of their user object. */
export const SignedInUser = User.pick({ id: true, username: true, display_name: true, avatar_url: true, profile_url: true });
export type SignedInUser = Wire<typeof SignedInUser>;

/** The permission table's answer for one caller: each action they may take, and how far. */
const Permissions = z.partialRecord(z.string(), z.enum(REACHES));

/** SPEC 3's logged-in user state of a signed-in caller, with what the site's header shows. */
export const SignedInState = z.strictObject({
  loggedInStatus: z.literal(true),
  /** The role. */
  userType: z.enum(ROLES),
  /** The profile's verified badge. */
  verifiedStatus: z.boolean(),
  userID: z.number().int(),
  loginMethod: z.enum(['password', 'token']),
  emailVerified: z.boolean(),
  /** A cookie session's CSRF token; `null` for a bearer token. */
  csrfToken: z.string().nullable(),
  user: SignedInUser,
  permissions: Permissions,
});
export type SignedInState = Wire<typeof SignedInState>;

/** The same state of an anonymous caller, with the anonymous grants. */
export const AnonymousState = z.strictObject({
  loggedInStatus: z.literal(false),
  userType: z.literal('anonymous'),
  verifiedStatus: z.literal(false),
  userID: z.null(),
  loginMethod: z.null(),
  emailVerified: z.literal(false),
  csrfToken: z.null(),
  user: z.null(),
  permissions: Permissions,
});

/** `GET /login/check`: who is calling. */
export const LoginState = z.discriminatedUnion('loggedInStatus', [SignedInState, AnonymousState]);
export type LoginState = Wire<typeof LoginState>;

export const SignedInAnswer = enveloped(SignedIn);
export const LoggedOutAnswer = enveloped(z.strictObject({ logged_out: z.literal(true) }));
export const SessionsAnswer = enveloped(z.array(SessionListing));
export const SessionEndedAnswer = enveloped(z.strictObject({ id: z.string(), revoked: z.literal(true) }));
export const SessionsEndedAnswer = enveloped(z.strictObject({ revoked: z.number().int().min(0) }));
