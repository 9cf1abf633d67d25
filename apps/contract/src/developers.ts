import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';

/** Developer apps, keys and their usage (README, Developer keys). */

export const APP_PLATFORMS = ['web', 'ios', 'android', 'other'] as const;
export const KEY_TIERS = ['beta', 'production'] as const;
export const KEY_STATES = ['active', 'expiring', 'expired', 'revoked'] as const;
export const DECISIONS = ['approved', 'refused'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];
export type KeyTier = (typeof KEY_TIERS)[number];
export type KeyState = (typeof KEY_STATES)[number];

export const DeveloperKey = z.strictObject({
  id: z.string(),
  key: z.string(),
  tier: z.enum(KEY_TIERS),
  /** `null`: no hourly limit. */
  calls_per_hour: z.number().int().nullable(),
  state: z.enum(KEY_STATES),
  created_at: Timestamp,
  expires_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
});
export type DeveloperKey = Wire<typeof DeveloperKey>;

export const ProductionRequest = z.strictObject({
  id: z.string(),
  note: z.string(),
  created_at: Timestamp,
  decision: z.enum(DECISIONS).nullable(),
  decision_note: z.string(),
  decided_at: Timestamp.nullable(),
});
export type ProductionRequest = Wire<typeof ProductionRequest>;

export const DeveloperApp = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  platform: z.enum(APP_PLATFORMS),
  tier: z.enum(KEY_TIERS),
  created_at: Timestamp,
  keys: z.array(DeveloperKey),
  /** The latest request for production, if any. */
  production_request: ProductionRequest.nullable(),
});
export type DeveloperApp = Wire<typeof DeveloperApp>;

const calls = z.number().int().min(0);
export const KeyUsage = z.strictObject({
  key_id: z.string(),
  /** Calls a day per API (every status, refusals included). */
  daily: z.array(z.strictObject({ day: z.iso.date(), api: z.string(), calls })),
  /** Calls per endpoint the key reached (refusals before any endpoint are not here). */
  endpoints: z.array(z.strictObject({ api: z.string(), endpoint: z.string(), calls })),
  /** Answers with an error status (4xx, 5xx), per API and status. */
  errors: z.array(z.strictObject({ api: z.string(), status: z.number().int(), calls })),
  /** Calls refused for the hourly limit. */
  rate_limited: calls,
  /** Pingbacks sent with the key (GIPHY's collector) and shares registered (Tenor), per day, API and action. */
  pingbacks: z.array(z.strictObject({ day: z.iso.date(), api: z.string(), action: z.string(), count: calls })),
});
export type KeyUsage = Wire<typeof KeyUsage>;

export const AppUsage = z.strictObject({ from: z.iso.date(), to: z.iso.date(), keys: z.array(KeyUsage) });

export const OpenRequest = z.strictObject({
  id: z.string(),
  app_id: z.string(),
  app_name: z.string(),
  app_description: z.string(),
  platform: z.enum(APP_PLATFORMS),
  owner: z.string(),
  note: z.string(),
  created_at: Timestamp,
});
export type OpenRequest = Wire<typeof OpenRequest>;
export type AppUsage = Wire<typeof AppUsage>;

export const AppsAnswer = enveloped(z.array(DeveloperApp));
export const AppAnswer = enveloped(DeveloperApp);
export const AppUsageAnswer = enveloped(AppUsage);
export const ProductionAskedAnswer = enveloped(z.strictObject({ id: z.string(), app_id: z.string(), note: z.string() }));
export const KeyRotatedAnswer = enveloped(z.strictObject({ app: DeveloperApp, key_id: z.string(), replaced: z.array(z.string()) }));
export const KeyRevokedAnswer = enveloped(z.strictObject({ id: z.string(), revoked: z.literal(true) }));
export const OpenRequestsAnswer = enveloped(z.array(OpenRequest));
export const RequestDecidedAnswer = enveloped(
  z.strictObject({ id: z.string(), app_id: z.string(), decision: z.enum(DECISIONS), note: z.string() }),
);
