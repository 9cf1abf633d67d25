import { ROLES } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';

/** Personal access tokens for `Authorization: Bearer` (the admin token is never listed). */

export const AccessToken = z.strictObject({
  id: z.string(),
  label: z.string(),
  /** The role the token acts with, never more than its owner's current one. */
  scope: z.enum(ROLES),
  /** The token's first characters, to tell tokens apart; never the secret. */
  hint: z.string(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
});
export type AccessToken = Wire<typeof AccessToken>;

/** A new token: the secret is in this answer only. */
export const NewAccessToken = AccessToken.extend({ token: z.string() });
export type NewAccessToken = Wire<typeof NewAccessToken>;

export const TokensAnswer = enveloped(z.array(AccessToken));
export const TokenCreatedAnswer = enveloped(NewAccessToken);
export const TokenRevokedAnswer = enveloped(z.strictObject({ id: z.string(), revoked: z.literal(true) }));
