import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewUpload } from '../uploads/visibility.ts';
import { NSFW_HIDE_THRESHOLD } from './constants.ts';
import { createNsfwClassifier, suggestedRating } from './nsfw-classifier.ts';
import { moderationSettings, uploadReviewer } from './upload-review.ts';

/**
 * The reviewer with the real classifier (nsfwjs's bundled MobileNetV2) on a plain safe still; the
 * classifier's own measurement on a labelled set is nsfw-classifier.test.ts.
 */
describe('upload review with the NSFW classifier', () => {
  let dir: string;
  const classifier = createNsfwClassifier();
  const upload = (still: string): NewUpload => ({
    uploadId: 'u1',
    gifId: 'g1',
    userId: 1,
    fields: {},
    processed: { images: { original: { width: 320, height: 240, still: { file: still, size: 1 } } } } as unknown as NewUpload['processed'],
  });
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-nsfw-set-'));
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3399ff' } })
      .png()
      .toFile(path.join(dir, 'sky.png'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds a scored upload with pre-moderation on, or at the threshold, or when it cannot be scored', async () => {
    const post = uploadReviewer(classifier, { premoderation: false, nsfwThreshold: NSFW_HIDE_THRESHOLD });
    const shown = await post(upload('sky.png'), dir);
    expect(shown.moderation_state).toBe('none');
    expect(shown.suggested_rating).toBe(suggestedRating(shown.nsfw_score!));
    expect(
      (await uploadReviewer(classifier, { premoderation: true, nsfwThreshold: NSFW_HIDE_THRESHOLD })(upload('sky.png'), dir))
        .moderation_state,
    ).toBe('pending');
    expect((await uploadReviewer(classifier, { premoderation: false, nsfwThreshold: 0 })(upload('sky.png'), dir)).moderation_state).toBe(
      'pending',
    );
    const lines: string[] = [];
    expect(
      await uploadReviewer(classifier, { premoderation: false, nsfwThreshold: NSFW_HIDE_THRESHOLD }, (l) => lines.push(l))(
        upload('missing.png'),
        dir,
      ),
    ).toEqual({ moderation_state: 'pending', nsfw_score: null, suggested_rating: null });
    expect(lines[0]).toMatch(/NSFW scoring failed, held for review/);
  }, 60_000);

  it('reads its settings from the environment, refusing nonsense', () => {
    expect(moderationSettings({})).toEqual({ premoderation: false, nsfwThreshold: NSFW_HIDE_THRESHOLD });
    expect(moderationSettings({ MODERATION_PREMODERATION: 'on', NSFW_THRESHOLD: '0.5' })).toEqual({
      premoderation: true,
      nsfwThreshold: 0.5,
    });
    expect(() => moderationSettings({ NSFW_THRESHOLD: '2' })).toThrow(/NSFW_THRESHOLD/);
    expect(() => moderationSettings({ MODERATION_PREMODERATION: 'yes' })).toThrow(/MODERATION_PREMODERATION/);
    expect([suggestedRating(0.9), suggestedRating(0.5), suggestedRating(0.2), suggestedRating(0.01)]).toEqual(['r', 'pg-13', 'pg', 'g']);
  });
});
