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
 * The reviewer with the real classifier (nsfwjs's bundled MobileNetV2) on a labelled set this test
 * makes: safe images only (flat colours, gradients, lettering, shapes). No package here ships
 * labelled NSFW images, so recall cannot be measured; the set measures false positives at the
 * named threshold, which must be none.
 */
const SAFE: [string, ReturnType<typeof sharp>][] = [
  ['white', sharp({ create: { width: 320, height: 240, channels: 3, background: '#ffffff' } })],
  ['black', sharp({ create: { width: 320, height: 240, channels: 3, background: '#000000' } })],
  ['sky', sharp({ create: { width: 320, height: 240, channels: 3, background: '#3399ff' } })],
  ['grass', sharp({ create: { width: 320, height: 240, channels: 3, background: '#33aa33' } })],
  ['lettering', sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="130" font-size="48" font-family="sans-serif">Happy Friday!</text></svg>'))],
  ['shapes', sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="100%" height="100%" fill="#223"/><circle cx="80" cy="120" r="60" fill="#f90"/><rect x="170" y="60" width="120" height="120" fill="#0cf"/></svg>'))],
  ['gradient', sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><defs><linearGradient id="g"><stop offset="0" stop-color="#f06"/><stop offset="1" stop-color="#48f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>'))],
  ['chart', sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="100%" height="100%" fill="#fff"/><rect x="40" y="140" width="40" height="80" fill="#36c"/><rect x="110" y="80" width="40" height="140" fill="#36c"/><rect x="180" y="40" width="40" height="180" fill="#36c"/></svg>'))],
];

describe('upload review with the NSFW classifier', () => {
  let dir: string;
  const classifier = createNsfwClassifier();
  const upload = (still: string): NewUpload => ({ uploadId: 'u1', gifId: 'g1', userId: 1, fields: {}, processed: { images: { original: { width: 320, height: 240, still: { file: still, size: 1 } } } } as unknown as NewUpload['processed'] });
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-nsfw-set-'));
    for (const [name, image] of SAFE) await image.png().toFile(path.join(dir, `${name}.png`));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds no NSFW image in the safe set at the named threshold (no false positives)', async () => {
    const scores: Record<string, number> = {};
    for (const [name] of SAFE) scores[name] = (await classifier.classify(path.join(dir, `${name}.png`))).score;
    const falsePositives = Object.entries(scores).filter(([, s]) => s >= NSFW_HIDE_THRESHOLD);
    expect(falsePositives, JSON.stringify(scores)).toEqual([]);
  }, 60_000);

  it('holds a scored upload with pre-moderation on, or at the threshold, or when it cannot be scored', async () => {
    const post = uploadReviewer(classifier, { premoderation: false, nsfwThreshold: NSFW_HIDE_THRESHOLD });
    const shown = await post(upload('sky.png'), dir);
    expect(shown.moderation_state).toBe('none');
    expect(shown.suggested_rating).toBe(suggestedRating(shown.nsfw_score!));
    expect((await uploadReviewer(classifier, { premoderation: true, nsfwThreshold: NSFW_HIDE_THRESHOLD })(upload('sky.png'), dir)).moderation_state).toBe('pending');
    expect((await uploadReviewer(classifier, { premoderation: false, nsfwThreshold: 0 })(upload('sky.png'), dir)).moderation_state).toBe('pending');
    const lines: string[] = [];
    expect(await uploadReviewer(classifier, { premoderation: false, nsfwThreshold: NSFW_HIDE_THRESHOLD }, (l) => lines.push(l))(upload('missing.png'), dir)).toEqual({ moderation_state: 'pending', nsfw_score: null, suggested_rating: null });
    expect(lines[0]).toMatch(/NSFW scoring failed, held for review/);
  }, 60_000);

  it('reads its settings from the environment, refusing nonsense', () => {
    expect(moderationSettings({})).toEqual({ premoderation: false, nsfwThreshold: NSFW_HIDE_THRESHOLD });
    expect(moderationSettings({ MODERATION_PREMODERATION: 'on', NSFW_THRESHOLD: '0.5' })).toEqual({ premoderation: true, nsfwThreshold: 0.5 });
    expect(() => moderationSettings({ NSFW_THRESHOLD: '2' })).toThrow(/NSFW_THRESHOLD/);
    expect(() => moderationSettings({ MODERATION_PREMODERATION: 'yes' })).toThrow(/MODERATION_PREMODERATION/);
    expect([suggestedRating(0.9), suggestedRating(0.5), suggestedRating(0.2), suggestedRating(0.01)]).toEqual(['r', 'pg-13', 'pg', 'g']);
  });
});
