import { renderCorpusMedia } from '../../apps/server/src/seed/seed.ts';
import { buildWebIfStale } from '../../apps/web/build-if-stale.ts';
import { sampleItems, TEST_MEDIA_DIR } from './corpus.ts';
import { maintainedDecoder } from './decoder.ts';

/**
 * Renders the sample corpus's media once (kept between runs), so suites only insert rows; builds the
 * web app when its sources changed, so browser tests run against a fresh apps/web/dist. Stops at
 * once, saying so, without the maintained ffmpeg uploads are decoded by (tests/support/decoder.ts).
 */
export default async function setup(): Promise<void> {
  await maintainedDecoder();
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
  await buildWebIfStale();
}
