import path from 'node:path';
import type { NewUpload, UploadReview, UploadReviewer } from '../uploads/visibility.ts';
import { NSFW_HIDE_THRESHOLD } from './constants.ts';
import type { NsfwClassifier } from './nsfw-classifier.ts';

export interface ModerationSettings {
  /** Every new upload waits for a moderator (pre-moderation); off: reviewed after it shows (post-moderation). */
  premoderation: boolean;
  /** An NSFW score at or above this holds an upload for a moderator. */
  nsfwThreshold: number;
}

/** MODERATION_PREMODERATION=on and NSFW_THRESHOLD (0–1) from the environment; anything else is refused at start. */
export function moderationSettings(env: Readonly<Record<string, string | undefined>>): ModerationSettings {
  const threshold = env.NSFW_THRESHOLD === undefined || env.NSFW_THRESHOLD === '' ? NSFW_HIDE_THRESHOLD : Number(env.NSFW_THRESHOLD);
  if (!(threshold >= 0 && threshold <= 1)) throw new Error(`NSFW_THRESHOLD must be a number from 0 to 1, not "${env.NSFW_THRESHOLD}"`);
  const pre = env.MODERATION_PREMODERATION ?? 'off';
  if (pre !== 'on' && pre !== 'off') throw new Error(`MODERATION_PREMODERATION must be on or off, not "${pre}"`);
  return { premoderation: pre === 'on', nsfwThreshold: threshold };
}

/**
 * Scores each upload's first frame with the NSFW classifier before it is committed: at or above the
 * threshold (or with pre-moderation on) it is committed `pending`, out of listings until a moderator
 * decides, with the rating the score suggests. A frame the classifier cannot read is held too. The
 * model starts loading as an upload's processing begins (`warm`), alongside it.
 */
export function uploadReviewer(classifier: NsfwClassifier, settings: ModerationSettings, log?: (line: string) => void): UploadReviewer {
  const review = async (upload: NewUpload, stagingDir: string): Promise<UploadReview> => {
    const original = upload.processed.images.original;
    const still = original?.still?.file ?? original?.gif?.file ?? original?.webp?.file;
    try {
      if (!still) throw new Error('no still to score');
      const verdict = await classifier.classify(path.join(stagingDir, still));
      const held = settings.premoderation || verdict.score >= settings.nsfwThreshold;
      return { moderation_state: held ? 'pending' : 'none', nsfw_score: verdict.score, suggested_rating: verdict.suggestedRating };
    } catch (err) {
      log?.(`upload ${upload.uploadId}: NSFW scoring failed, held for review: ${err instanceof Error ? err.message : String(err)}`);
      return { moderation_state: 'pending', nsfw_score: null, suggested_rating: null };
    }
  };
  return Object.assign(review, { warm: () => classifier.warm() });
}
