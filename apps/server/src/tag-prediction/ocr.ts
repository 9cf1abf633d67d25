import { createRequire } from 'node:module';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { OCR_IDLE_MS, OCR_MIN_CONFIDENCE, OCR_MIN_WORD_LENGTH } from './constants.ts';

const require = createRequire(import.meta.url);
/** English OCR data shipped inside the npm package `@tesseract.js-data/eng`: nothing is downloaded at run time. */
const ENGLISH = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

export interface Ocr {
  /** Words read in an image (PNG, JPEG…), lower-cased, confident ones only. */
  words(image: Buffer): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Caption reading with tesseract.js (its WebAssembly engine in a worker thread) and the English
 * model from `@tesseract.js-data/eng`. Started on first use, ended when idle.
 */
export function createOcr(): Ocr {
  let worker: Promise<Worker> | undefined;
  let idle: NodeJS.Timeout | undefined;
  const close = async () => {
    clearTimeout(idle);
    const current = worker;
    worker = undefined;
    if (current !== undefined) await (await current).terminate();
  };
  return {
    async words(image) {
      clearTimeout(idle);
      worker ??= createWorker('eng', OEM.LSTM_ONLY, { langPath: ENGLISH.langPath, gzip: ENGLISH.gzip, cacheMethod: 'none' });
      const { data } = await (await worker).recognize(image, {}, { blocks: true });
      idle = setTimeout(() => void close(), OCR_IDLE_MS);
      idle.unref();
      const words: string[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            for (const word of line.words) {
              const text = word.text.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
              if (text.length >= OCR_MIN_WORD_LENGTH && word.confidence >= OCR_MIN_CONFIDENCE && /\p{L}/u.test(text)) words.push(text);
            }
          }
        }
      }
      return [...new Set(words)];
    },
    close,
  };
}
