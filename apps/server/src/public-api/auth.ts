import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ApiEnv } from './context.ts';
import { ApiError } from './envelope.ts';

const KEY_CACHE_MS = 30_000;
const KEY_CACHE_SIZE = 10_000;
const MAX_KEY_LENGTH = 100;

/** Where GIPHY's callers put their key: `api_key`, or `apikey` as GIPHY's pingback does. */
const GIPHY_KEY_PARAMS = ['api_key', 'apikey'] as const;

/**
 * Requires a known, unrevoked API key in the first of `params` present, or one of `alsoAccepted`.
 * Lookups are remembered briefly per app instance so a hot key costs no query.
 */
export function requireApiKey(
  db: Kysely<Database>,
  alsoAccepted: ReadonlySet<string> = new Set(),
  params: readonly string[] = GIPHY_KEY_PARAMS,
): MiddlewareHandler<ApiEnv> {
  const known = new Map<string, { valid: boolean; until: number }>();
  return async (c, next) => {
    const key = params.map((name) => c.req.query(name)).find((value) => value !== undefined);
    if (!key) throw new ApiError(401, 'No API key found in request');
    if (!alsoAccepted.has(key)) {
      const now = Date.now();
      let entry = known.get(key);
      if (!entry || entry.until < now) {
        const row = key.length <= MAX_KEY_LENGTH
          ? await db.selectFrom('api_keys').select('key').where('key', '=', key).where('revoked_at', 'is', null).executeTakeFirst()
          : undefined;
        entry = { valid: Boolean(row), until: now + KEY_CACHE_MS };
        if (known.size >= KEY_CACHE_SIZE) known.clear();
        known.set(key, entry);
      }
      if (!entry.valid) throw new ApiError(403, 'Invalid authentication credentials');
    }
    c.set('apiKey', key);
    await next();
  };
}
