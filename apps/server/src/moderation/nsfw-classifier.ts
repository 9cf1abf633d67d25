import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Rating } from '../store/schema.ts';
import { NSFW_CLASSES, NSFW_IMAGE_SIZE, NSFW_RATING_FLOORS } from './constants.ts';

export interface NsfwVerdict {
  /** P(Porn) + P(Hentai) + P(Sexy), 0–1. */
  score: number;
  suggestedRating: Rating;
}

export interface NsfwClassifier {
  /** Scores an image file (its first frame). */
  classify(file: string): Promise<NsfwVerdict>;
  /** Starts loading the model, if it has not (a failure shows at the next classify). */
  warm(): void;
}

export function suggestedRating(score: number): Rating {
  return (NSFW_RATING_FLOORS.find((f) => score >= f.floor) ?? NSFW_RATING_FLOORS[NSFW_RATING_FLOORS.length - 1]!).rating;
}

type Model = { classify(image: unknown): Promise<{ className: string; probability: number }[]> };

/**
 * nsfwjs's MobileNetV2, whose weights ship inside the package (no network), on TensorFlow.js's WASM
 * backend (its .wasm files ship in @tensorflow/tfjs-backend-wasm): about 0.7 s to load, once, on
 * first use, then about 150 ms an image here.
 */
export function createNsfwClassifier(): NsfwClassifier {
  let loading: Promise<{ model: Model; tensor: (data: Int32Array) => { dispose(): void } }> | undefined;
  const load = async () => {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const require = createRequire(import.meta.url);
    wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`);
    await tf.setBackend('wasm');
    const nsfw = await import('nsfwjs');
    // nsfwjs announces the bundled model on console.info; our logs are pino JSON lines only.
    const info = console.info;
    console.info = () => {};
    try {
      const model = (await nsfw.load('MobileNetV2')) as unknown as Model;
      return { model, tensor: (data: Int32Array) => tf.tensor3d(data, [NSFW_IMAGE_SIZE, NSFW_IMAGE_SIZE, 3], 'int32') };
    } finally {
      console.info = info;
    }
  };
  const loaded = () => {
    loading ??= load();
    return loading;
  };
  return {
    warm() {
      // A model that fails to load fails `classify` with the same error: the upload is logged and held for review.
      loaded().catch(() => {});
    },
    async classify(file) {
      const { model, tensor } = await loaded();
      const pixels = await sharp(file, { pages: 1 })
        .removeAlpha()
        .resize(NSFW_IMAGE_SIZE, NSFW_IMAGE_SIZE, { fit: 'fill' })
        .raw()
        .toBuffer();
      const image = tensor(Int32Array.from(pixels));
      try {
        const classes = await model.classify(image);
        const score = Math.min(
          1,
          classes.filter((c) => (NSFW_CLASSES as readonly string[]).includes(c.className)).reduce((sum, c) => sum + c.probability, 0),
        );
        return { score, suggestedRating: suggestedRating(score) };
      } finally {
        image.dispose();
      }
    },
  };
}
