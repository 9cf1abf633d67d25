import { sql } from 'kysely';
import { ApiError } from '../http/envelope.ts';
import { OPEN_UPLOADS_RETRY_S, RESUMABLE_EXPIRY_MS, URL_FETCH_TIMEOUT_MS, type UploadQuota } from './constants.ts';
import { humanBytes } from '../boundary/human-bytes.ts';
import type { CreatorsDb, UploadOrigin } from './schema.ts';
import { upsertUpload, type NewUploadRow } from './store.ts';
import type { Built } from '@loopbox/contract/common';
import type { UploadQuota as UploadQuotaSchema } from '@loopbox/contract/uploads';

/** What a creator has going now and sent today, counted from the store (several processes share it). */
export interface QuotaUsage {
  open: number;
  urlFetches: number;
  bytesToday: number;
}

/** A refusal for going past a quota: 429, with when to try again. */
export class QuotaRefusal extends ApiError {
  constructor(message: string, retryAfterS: number) {
    super(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterS))) });
  }
}

/** When today's (UTC) byte allowance starts again. */
export function nextDayStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * A creator's usage; `exceptUpload` leaves out the upload being (re)reserved. Cancelled uploads'
 * bytes are not counted, nor is a transfer left unfinished past the resumable expiry (abandoned: the
 * next sweep fails it).
 */
export async function quotaUsage(db: CreatorsDb, userId: number, exceptUpload = ''): Promise<QuotaUsage> {
  const since = new Date(nextDayStart().getTime() - 24 * 60 * 60 * 1000);
  const abandonedBefore = new Date(Date.now() - RESUMABLE_EXPIRY_MS);
  const { rows } = await sql<{ open: string; url_fetches: string; bytes_today: string }>`
    SELECT count(*) FILTER (WHERE state IN ('queued', 'processing') OR (state = 'receiving' AND created_at >= ${abandonedBefore})) AS open,
           count(*) FILTER (WHERE origin = 'url' AND state = 'receiving') AS url_fetches,
           coalesce(sum(size) FILTER (WHERE created_at >= ${since} AND error_code IS DISTINCT FROM 'cancelled'), 0) AS bytes_today
    FROM uploads
    WHERE user_id = ${userId} AND id <> ${exceptUpload} AND (state IN ('receiving', 'queued', 'processing') OR created_at >= ${since})`.execute(
    db,
  );
  const row = rows[0];
  return { open: Number(row?.open ?? 0), urlFetches: Number(row?.url_fetches ?? 0), bytesToday: Number(row?.bytes_today ?? 0) };
}

/** Why one more upload (of `size` bytes, from `origin`) is refused, if it is. A URL upload's size is known once fetched: it needs some allowance left. */
export function quotaRefusal(
  usage: QuotaUsage,
  quota: UploadQuota,
  upload: { origin: UploadOrigin; size: number },
  now = new Date(),
): QuotaRefusal | undefined {
  if (usage.open >= quota.openPerCreator) {
    return new QuotaRefusal(
      `You have ${usage.open} uploads in progress, the most at once (${quota.openPerCreator}); send this one when one of them has finished`,
      OPEN_UPLOADS_RETRY_S,
    );
  }
  if (upload.origin === 'url' && usage.urlFetches >= quota.urlFetchesPerCreator) {
    return new QuotaRefusal(
      `${usage.urlFetches} of your URLs are being fetched, the most at once (${quota.urlFetchesPerCreator}); try again when one has arrived`,
      URL_FETCH_TIMEOUT_MS / 1000,
    );
  }
  if (usage.bytesToday + upload.size > quota.bytesPerDay || usage.bytesToday >= quota.bytesPerDay) {
    const left = Math.max(0, quota.bytesPerDay - usage.bytesToday);
    return new QuotaRefusal(
      `You have uploaded ${humanBytes(usage.bytesToday)} of your ${humanBytes(quota.bytesPerDay)} today; ${humanBytes(left)} is left until 00:00 UTC`,
      (nextDayStart(now).getTime() - now.getTime()) / 1000,
    );
  }
  return undefined;
}

/**
 * Records an upload (or replaces the record of the same id, e.g. a transfer's provisional one) if
 * its owner is within their quota; throws the QuotaRefusal otherwise, changing nothing. The owner's
 * row is locked for the check, so simultaneous requests, from any process, are counted one by one.
 * `quota` is the owner's, or read for them in the transaction (their trust level's).
 */
export async function reserveUpload(
  db: CreatorsDb,
  row: NewUploadRow,
  quota: UploadQuota | ((trx: CreatorsDb) => Promise<UploadQuota>),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', row.userId).forNoKeyUpdate().execute();
    const held = typeof quota === 'function' ? await quota(trx) : quota;
    const refusal = quotaRefusal(await quotaUsage(trx, row.userId, row.id), held, { origin: row.origin, size: row.size ?? 0 });
    if (refusal) throw refusal;
    await upsertUpload(trx, row);
  });
}

/** The quota as the upload page shows it (the uploader's `trust` is added beside it). */
export function presentQuota(usage: QuotaUsage, quota: UploadQuota): Omit<Built<typeof UploadQuotaSchema>, 'trust'> {
  return {
    open: { used: usage.open, limit: quota.openPerCreator },
    url_fetches: { used: usage.urlFetches, limit: quota.urlFetchesPerCreator },
    bytes_today: { used: usage.bytesToday, limit: quota.bytesPerDay, resets_at: nextDayStart() },
  };
}
