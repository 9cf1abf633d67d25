import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NSFW_HIDE_THRESHOLD } from './constants.ts';
import { createNsfwClassifier } from './nsfw-classifier.ts';
import { safeSet, type LabelledImage } from './nsfw-safe-set.ts';

/**
 * The real classifier (nsfwjs's bundled MobileNetV2) on the labelled set nsfw-safe-set.ts draws:
 * 52 safe images of eight kinds, skin-coloured fields and shapes among them. Every image is labelled
 * safe, so this measures specificity (and the false-positive rate) at the hiding threshold and how
 * often a safe image would be suggested a rating above g. No labelled NSFW images ship in any
 * package here and none may be fetched or drawn, so recall and precision on NSFW content are not
 * measured (README, Moderation).
 */
describe('NSFW classifier on a labelled safe set', () => {
  const classifier = createNsfwClassifier();
  let dir: string;
  const scored: { item: LabelledImage; score: number; rating: string }[] = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-nsfw-safe-'));
    for (const [i, item] of safeSet().entries()) {
      const file = path.join(dir, `${i}.png`);
      await item.image().png().toFile(file);
      const verdict = await classifier.classify(file);
      scored.push({ item, score: verdict.score, rating: verdict.suggestedRating });
    }
  }, 300_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('hides no safe image at the named threshold (specificity 1 on the set)', () => {
    const falsePositives = scored.filter((s) => s.score >= NSFW_HIDE_THRESHOLD).map((s) => `${s.item.name}: ${s.score.toFixed(3)}`);
    expect(scored.length).toBe(safeSet().length);
    expect(falsePositives).toEqual([]);
  });

  it('scores what each image shows: never exactly 0 or 1, the same for the same file, different across images', async () => {
    const kinds = [...new Set(scored.map((s) => s.item.kind))];
    const rows = kinds.map((kind) => {
      const of = scored.filter((s) => s.item.kind === kind);
      return `${kind.padEnd(10)} n=${String(of.length).padStart(2)} max=${Math.max(...of.map((s) => s.score)).toFixed(3)} above g=${of.filter((s) => s.rating !== 'g').length}`;
    });
    // The measurement the README quotes (Moderation: the NSFW classifier).
    console.info(`NSFW classifier on ${scored.length} safe images at threshold ${NSFW_HIDE_THRESHOLD}:\n${rows.join('\n')}`);
    // A softmax's classes are never certain: a classifier answering a constant (0 included) fails here.
    expect(scored.filter((s) => !(s.score > 0 && s.score < 1)).map((s) => s.item.name)).toEqual([]);
    expect(new Set(scored.map((s) => s.score.toPrecision(6))).size).toBeGreaterThan(scored.length / 2);
    expect((await classifier.classify(path.join(dir, '0.png'))).score).toBe(scored[0]!.score);
  });

  it('labels every kind in the set', () => {
    expect(new Set(scored.map((s) => s.item.kind))).toEqual(
      new Set(['flat', 'gradient', 'lettering', 'shapes', 'chart', 'noise', 'skin_tone', 'cartoon']),
    );
  });
});
