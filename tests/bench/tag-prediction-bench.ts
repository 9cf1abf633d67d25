/**
 * Tag prediction's precision on tags held out from the seeded corpus: for each GIF, its tags are
 * hidden, its frames (its own 200-wide rendition) and still go to the predictor with the GIF itself
 * left out of the neighbours, and the suggestions are scored against the hidden tags. Beside it, the
 * same count of the corpus's most frequent tags suggested to every GIF (what a method that looks at
 * nothing would score).
 */
import path from 'node:path';
import fs from 'node:fs';
import { openStore } from '../../apps/server/src/store/db.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { createPredictor, type Suggestion } from '../../apps/server/src/tag-prediction/predictor.ts';
import { createOcr } from '../../apps/server/src/tag-prediction/ocr.ts';
import { framesFromAnimation } from '../../apps/server/src/tag-prediction/frames.ts';
import type { StoredImages } from '../../apps/server/src/store/schema.ts';
import { createLocalDiskStore } from '../../apps/server/src/media-store/local-disk.ts';

const MEDIA = path.resolve('.tmp/bench-corpus-media');

interface Score {
  suggested: number;
  correct: number;
  relevant: number;
}
const add = (s: Score, suggested: string[], truth: Set<string>) => {
  s.suggested += suggested.length;
  s.correct += suggested.filter((t) => truth.has(t)).length;
  s.relevant += truth.size;
};
const line = (name: string, s: Score, gifs: number) =>
  `  ${name.padEnd(30)} precision ${((s.correct / Math.max(1, s.suggested)) * 100).toFixed(1).padStart(5)}%  recall ${((s.correct / Math.max(1, s.relevant)) * 100).toFixed(1).padStart(5)}%  (${(s.suggested / gifs).toFixed(1)} tags a GIF)`;

export async function benchTagPrediction(): Promise<string[]> {
  const store = await openStore({});
  try {
    await seedDemo(store.db, { mediaDir: MEDIA });
    const predictor = createPredictor(store.db, createLocalDiskStore(MEDIA), createOcr());
    await predictor.backfill();
    const gifs = await store.db
      .selectFrom('gifs')
      .select(['id', 'tags', 'images', 'type'])
      .where('type', 'in', ['gif', 'sticker'])
      .where('variation_of', 'is', null)
      .orderBy('id')
      .execute();
    const frequency = new Map<string, number>();
    for (const g of gifs) for (const t of g.tags) frequency.set(t, (frequency.get(t) ?? 0) + 1);
    const scores = {
      neighbours: { suggested: 0, correct: 0, relevant: 0 },
      text: { suggested: 0, correct: 0, relevant: 0 },
      both: { suggested: 0, correct: 0, relevant: 0 },
      frequent: { suggested: 0, correct: 0, relevant: 0 },
    };
    const started = Date.now();
    let n = 0;
    for (const gif of gifs) {
      const images = gif.images as StoredImages;
      const anim = images.fixed_width?.webp?.file;
      const still = images['480w_still']?.still?.file;
      if (!anim || !still) continue;
      const truth = new Set(gif.tags);
      const frames = await framesFromAnimation(path.join(MEDIA, gif.id, anim));
      const ocrImage = fs.readFileSync(path.join(MEDIA, gif.id, still));
      const exclude = new Set([gif.id]);
      const both: Suggestion[] = await predictor.predict(frames, { exclude, ocrImage });
      add(
        scores.both,
        both.map((s) => s.name),
        truth,
      );
      add(
        scores.neighbours,
        both.filter((s) => s.source === 'neighbours').map((s) => s.name),
        truth,
      );
      add(
        scores.text,
        both.filter((s) => s.source === 'text').map((s) => s.name),
        truth,
      );
      const top = [...frequency]
        .filter(([t]) => t !== 'sticker' && t !== 'transparent')
        .sort((a, b) => b[1] - a[1])
        .slice(0, Math.max(1, both.length))
        .map(([t]) => t);
      add(scores.frequent, top, truth);
      n += 1;
    }
    await predictor.close();
    return [
      `Tag prediction on ${n} seeded GIFs and stickers, each one's tags held out (${((Date.now() - started) / n).toFixed(0)} ms a GIF, OCR included):`,
      line('both (what the form offers)', scores.both, n),
      line('visual neighbours alone', scores.neighbours, n),
      line('caption text (OCR) alone', scores.text, n),
      line('baseline: most frequent tags', scores.frequent, n),
    ];
  } finally {
    await store.close();
  }
}
