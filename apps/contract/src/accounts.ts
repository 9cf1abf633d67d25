import { ROLES } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';

/**
 * People: GIPHY's user object (every GIF's `user`, artists, studios, the signed-in header), the
 * profiles built from it, and the answers of signing up, e-mail, password and role changes.
 */

/** A user's kind as GIPHY names it (the users table's CHECK); the role, not this, decides what they may do. */
export const USER_TYPES = ['user', 'artist', 'partner', 'staff'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Networks a profile may link to. */
export const SOCIAL_NETWORKS = ['instagram', 'tiktok', 'youtube', 'twitter', 'tumblr'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** GIPHY's user object (public-api/present.ts `presentUser`): media as absolute URLs, '' when none. */
export const User = z.strictObject({
  id: z.number().int(),
  avatar_url: z.string(),
  avatar: z.string(),
  banner_image: z.string(),
  banner_url: z.string(),
  /** GIPHY's form, with a trailing slash. */
  profile_url: z.string(),
  username: z.string(),
  display_name: z.string(),
  /** The display name when none is set for attribution. */
  attribution_display_name: z.string(),
  name: z.string(),
  description: z.string(),
  suppress_chrome: z.boolean(),
  user_type: z.enum(USER_TYPES),
  is_public: z.boolean(),
  is_staff: z.boolean(),
  is_superuser: z.literal(false),
  is_verified: z.boolean(),
  website_url: z.string(),
  website_display_url: z.string(),
});
export type User = Wire<typeof User>;

/**
 * A public profile for the site's profile page (`GET /api/v1/profiles/{username}/`): the user object
 * without its id, and the site's canonical profile link (no trailing slash). Hidden users are 404s.
 */
export const PublicProfile = User.pick({
  username: true,
  display_name: true,
  attribution_display_name: true,
  description: true,
  avatar_url: true,
  banner_url: true,
  profile_url: true,
  website_url: true,
  user_type: true,
  is_verified: true,
  suppress_chrome: true,
}).extend({ is_public: z.literal(true) });
export type PublicProfile = Wire<typeof PublicProfile>;

/** Profile links by network, each an http(s) URL. */
export const SocialLinks = z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string());

/** What anyone may read of a public user at `GET /api/v1/users/{id}/`. */
export const UserProfile = User.extend({ social_links: SocialLinks });
export type UserProfile = Wire<typeof UserProfile>;

/** What the user themself and staff read besides. */
export const PrivateProfile = UserProfile.extend({
  role: z.enum(ROLES),
  /** `null`: a seeded user with no account. */
  email: z.string().nullable(),
  email_verified: z.boolean(),
  password_set: z.boolean(),
  created_at: Timestamp,
});
export type PrivateProfile = Wire<typeof PrivateProfile>;

/** One of the recent sign-ins a password-confirmed read (the `X-Password` header) shows. */
export const SignIn = z.strictObject({
  created_at: Timestamp,
  address: z.string(),
  user_agent: z.string(),
  revoked_at: Timestamp.nullable(),
  expires_at: Timestamp,
});
export type SignIn = Wire<typeof SignIn>;

/** The public view to anyone; the private one to the user and staff, with `sign_ins` when `X-Password` confirmed the caller. */
export const ProfileAnswer = enveloped(z.union([UserProfile, PrivateProfile.extend({ sign_ins: z.array(SignIn).optional() })]));
export const ProfileEditedAnswer = enveloped(
  PrivateProfile.extend({
    /** The new address asked for: it replaces the old once its mailed link is opened. */
    email_change_pending: z.string().optional(),
  }),
);
export type EditedProfile = Wire<typeof ProfileEditedAnswer>['data'];
/** The site's own read: `{data}` with no `meta`. */
export const PublicProfileAnswer = z.strictObject({ data: PublicProfile });

/** A sign-up taken (the same answer whether or not the address has an account): the mailed link makes the account. */
export const SignupAccepted = z.strictObject({ username: z.string(), email: z.string(), message: z.string() });
export type SignupAccepted = Wire<typeof SignupAccepted>;
export const EmailVerified = z.strictObject({ email: z.string(), verified: z.literal(true) });
export type EmailVerified = Wire<typeof EmailVerified>;
/** Changing the password ends the other sessions and revokes every personal access token. */
export const PasswordChanged = z.strictObject({
  changed: z.literal(true),
  sessions_ended: z.number().int().min(0),
  tokens_revoked: z.number().int().min(0),
});
export type PasswordChanged = Wire<typeof PasswordChanged>;
/** A reset link asked for: the same message whether or not the address is known. */
export const ResetRequested = z.strictObject({ message: z.string() });
export type ResetRequested = Wire<typeof ResetRequested>;

export const SignupAcceptedAnswer = enveloped(SignupAccepted);
export const EmailVerifiedAnswer = enveloped(EmailVerified);
export const LinkSentAnswer = enveloped(z.strictObject({ sent: z.literal(true) }));
export const PasswordChangedAnswer = enveloped(PasswordChanged);
/** A reset link asked for, or a new password set with one. */
export const PasswordResetAnswer = enveloped(z.union([ResetRequested, z.strictObject({ reset: z.literal(true) })]));
export const RoleChanged = z.strictObject({ id: z.number().int(), role: z.enum(ROLES) });
export type RoleChanged = Wire<typeof RoleChanged>;
export const RoleChangedAnswer = enveloped(RoleChanged);
