/** Developer apps and keys (issue 21; README, Developer keys). */

import type { KeyTier } from '@loopbox/contract/developers';

export { APP_PLATFORMS, KEY_TIERS, type AppPlatform, type KeyTier } from '@loopbox/contract/developers';

/** Calls an hour a key of each tier may make; GIPHY's beta keys allow 100. `null`: no hourly limit (the edge's per-minute limit still applies). */
export const TIER_CALLS_PER_HOUR: Readonly<Record<KeyTier, number | null>> = { beta: 100, production: null };

export const APP_NAME_MAX = 60;
export const APP_DESCRIPTION_MAX = 500;
export const REVIEW_NOTE_MAX = 500;

/** How long a rotated key keeps working: the owner names it, within these bounds (0: it stops at once). */
export const ROTATION_GRACE_MIN_S = 0;
export const ROTATION_GRACE_MAX_S = 7 * 24 * 3600;

/** What a new app key looks like (within the edge's API_KEY_SHAPE, so the edge counts it per key). */
export const APP_KEY_PREFIX = 'lb_app_';

/**
 * How long one process trusts what it read about a key (valid, tier, expiry). A revoked key, an
 * approved tier or a rotated key's end is seen by every process within this; the edge keeps an answer
 * to a developer's key no longer either (public-api/auth.ts).
 */
export const KEY_CACHE_MS = 2_000;
export const KEY_CACHE_SIZE = 10_000;

/** Per-process call counts are appended as one `api.usage` event per bucket this often (and on stop). */
export const USAGE_FLUSH_MS = 5_000;
/** Buckets a process keeps between flushes; a flood of distinct endpoints or statuses is cut here. */
export const USAGE_MAX_BUCKETS = 50_000;
export const USAGE_EVENT_TYPE = 'api.usage';
/** The endpoint a call refused for the hourly limit is counted under (it reached none). */
export const RATE_LIMITED_ENDPOINT = 'rate limited';

/** Hourly counters older than this are deleted by the flusher. */
export const HOURLY_COUNTS_KEPT_MS = 2 * 3600_000;

/** The APIs a key's usage is split by. */
export const KEYED_APIS = ['giphy', 'tenor'] as const;
export type KeyedApi = (typeof KEYED_APIS)[number];

/** Days of usage the dashboard reads by default and at most. */
export const USAGE_DAYS_DEFAULT = 14;
export const USAGE_DAYS_MAX = 90;

export const APP_EVENTS = {
  created: 'developer_app.created',
  keyRotated: 'developer_app.key_rotated',
  keyRevoked: 'developer_app.key_revoked',
  productionRequested: 'developer_app.production_requested',
  productionApproved: 'developer_app.production_approved',
  productionRefused: 'developer_app.production_refused',
} as const;
