import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { decodePayload, encodePayload, signatureHolds, type PayloadFields } from './codec.ts';
import { KEY_ACCEPTED_FOR_MS, KEY_PERIOD_MS, KEY_REFRESH_MS, VERIFIED_CACHE_SIZE } from './constants.ts';

export type Verified = { ok: true; fields: PayloadFields; verification: boolean } | { ok: false; reason: string };

export interface PayloadSigner {
  /** Loads the secrets (making this period's when no process has yet); cheap once loaded. Await before sign and verify. */
  ready(): Promise<void>;
  sign(fields: PayloadFields): string;
  verify(payload: string): Verified;
}

const kidOf = (period: number) => period.toString(36);
const NOT_OURS: Verified = { ok: false, reason: 'analytics_response_payload is not one this server issued' };
const FORGED: Verified = { ok: false, reason: 'analytics_response_payload signature does not hold' };
const EXPIRED: Verified = { ok: false, reason: 'analytics_response_payload was signed with a retired key' };

/**
 * Signs every analytics_response_payload the API hands out and checks the ones pingbacks bring back,
 * so counts cannot be minted for GIFs the server never showed. Secrets rotate every KEY_PERIOD_MS
 * and live in the store, shared by every process on it.
 */
export function createPayloadSigner(db: Kysely<Database>, now: () => number = Date.now): PayloadSigner {
  let secrets = new Map<string, string>();
  let currentKid = '';
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;
  let verified = new Map<string, Verified>();

  async function load(): Promise<void> {
    const at = now();
    const period = Math.floor(at / KEY_PERIOD_MS);
    const accepted = Array.from({ length: Math.ceil(KEY_ACCEPTED_FOR_MS / KEY_PERIOD_MS) + 1 }, (_, back) => kidOf(period - back));
    await db
      .insertInto('payload_signing_keys')
      .values({ kid: accepted[0]!, secret: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    const rows = await db.selectFrom('payload_signing_keys').select(['kid', 'secret']).where('kid', 'in', accepted).execute();
    secrets = new Map(rows.map((row) => [row.kid, row.secret]));
    currentKid = accepted[0]!;
    loadedAt = at;
    verified = new Map();
  }

  return {
    ready() {
      const at = now();
      const stale = at - loadedAt >= KEY_REFRESH_MS || kidOf(Math.floor(at / KEY_PERIOD_MS)) !== currentKid;
      if (stale && !loading) loading = load().finally(() => (loading = undefined));
      return loading ?? Promise.resolve();
    },
    sign(fields) {
      const secret = secrets.get(currentKid);
      if (!secret) throw new Error('payload signer used before ready()');
      return encodePayload(fields, currentKid, secret);
    },
    verify(payload) {
      let result = verified.get(payload);
      if (result) return result;
      const decoded = decodePayload(payload);
      const secret = decoded && secrets.get(decoded.kid);
      result = !decoded
        ? NOT_OURS
        : !secret
          ? EXPIRED
          : signatureHolds(decoded, secret)
            ? {
                ok: true,
                fields: { gifId: decoded.gifId, eventType: decoded.eventType, responseId: decoded.responseId },
                verification: decoded.verification,
              }
            : FORGED;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified = new Map();
      verified.set(payload, result);
      return result;
    },
  };
}
