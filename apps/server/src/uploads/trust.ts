import { sql } from 'kysely';
import type { ModerationState } from '../content-policy/states.ts';
import type { UploadQuota } from './constants.ts';
import type { CreatorsDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { Trust as TrustSchema } from '@loopbox/contract/uploads';

export type { TrustLevel } from '@loopbox/contract/uploads';

export interface TrustSettings {
  /** Approved GIFs that make a `user` trusted (TRUST_APPROVED_UPLOADS); 0 trusts everyone. */
  approvedUploads: number;
  /** A new account's quota (NEW_ACCOUNT_UPLOAD_*), in place of the upload quota. */
  newAccountQuota: UploadQuota;
}

/** What the quota answer and the upload page say of an uploader's level. */
export type Trust = Built<typeof TrustSchema>;

/** Roles trusted whatever they uploaded: a verified channel (creator), the moderators and staff. */
const TRUSTED_ROLES: ReadonlySet<string> = new Set(['creator', 'moderator', 'staff']);

/** An uploader's trust, read from the store (their role and their approved GIFs not taken away). */
export async function trustOf(db: CreatorsDb, userId: number, settings: TrustSettings): Promise<Trust> {
  const { rows } = await sql<{ role: string; approved: number }>`
    SELECT u.role, (SELECT count(*)::int FROM gifs g WHERE g.user_id = u.id AND g.moderation_state = 'approved' AND g.removal IS NULL) AS approved
    FROM users u WHERE u.id = ${userId}`.execute(db);
  const approved = rows[0]?.approved ?? 0;
  const trusted = TRUSTED_ROLES.has(rows[0]?.role ?? 'user') || approved >= settings.approvedUploads;
  return { level: trusted ? 'trusted' : 'new', approved_uploads: approved, approved_needed: settings.approvedUploads };
}

/**
 * The moderation state a new GIF is committed with: a new account's waits in review (open by link,
 * listed nowhere) unless the NSFW check or pre-moderation already holds it (`pending`, stricter).
 */
export function committedState(reviewed: ModerationState, trust: Trust | undefined): ModerationState {
  return reviewed === 'none' && trust?.level === 'new' ? 'in_review' : reviewed;
}

/** The quota an uploader is held to at their level. */
export const quotaAt = (trust: Trust, quota: UploadQuota, settings: TrustSettings): UploadQuota =>
  trust.level === 'new' ? settings.newAccountQuota : quota;
