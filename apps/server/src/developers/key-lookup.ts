import { LRUCache } from 'lru-cache';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { KEY_CACHE_MS, KEY_CACHE_SIZE, TIER_CALLS_PER_HOUR, type KeyTier } from './constants.ts';

const MAX_KEY_LENGTH = 100;

/** What the public APIs need to know about a key they were called with. */
export type KeyFacts =
  | { valid: false }
  /** `tier` and `callsPerHour` are a developer app's; the site's own keys have neither. */
  | { valid: true; app: boolean; tier: KeyTier | null; callsPerHour: number | null };

export interface KeyLookup {
  find(key: string): Promise<KeyFacts>;
}

interface Remembered {
  facts: KeyFacts;
  until: number;
}

/**
 * Reads a key's state from the store and trusts it for KEY_CACHE_MS at most (less when a rotated key
 * ends sooner), so revocation, rotation and approval reach every process within that without a
 * restart. At most KEY_CACHE_SIZE keys are remembered (least recently used go first).
 */
export function createKeyLookup(db: Kysely<Database>, now: () => number = Date.now): KeyLookup {
  const remembered = new LRUCache<string, Remembered>({ max: KEY_CACHE_SIZE });
  async function read(key: string, at: number): Promise<Remembered> {
    if (key.length > MAX_KEY_LENGTH) return { facts: { valid: false }, until: at + KEY_CACHE_MS };
    const result = await sql<{ kind: string; tier: KeyTier | null; expires_at: Date | null }>`
      SELECT k.kind, a.tier, k.expires_at
      FROM api_keys k LEFT JOIN developer_apps a ON a.id = k.app_id
      WHERE k.key = ${key} AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ${new Date(at)}::timestamptz)`.execute(db);
    const row = result.rows[0];
    if (!row) return { facts: { valid: false }, until: at + KEY_CACHE_MS };
    const tier = row.tier ?? null;
    const until = Math.min(at + KEY_CACHE_MS, row.expires_at ? row.expires_at.getTime() : Number.POSITIVE_INFINITY);
    return { facts: { valid: true, app: row.kind === 'app', tier, callsPerHour: tier ? TIER_CALLS_PER_HOUR[tier] : null }, until };
  }
  return {
    async find(key) {
      const at = now();
      let entry = remembered.get(key);
      if (!entry || entry.until <= at) {
        entry = await read(key, at);
        remembered.set(key, entry);
      }
      return entry.facts;
    },
  };
}
