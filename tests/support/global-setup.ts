import { renderCorpusMedia } from '../../apps/server/src/seed/seed.ts';
import { buildWebIfStale } from '../../apps/web/build-if-stale.ts';
import { sampleItems, TEST_MEDIA_DIR } from './corpus.ts';

/**
 * Renders the sample corpus's media once (kept between runs), so suites only insert rows; builds the
 * web app when its sources changed, so browser tests run against a fresh apps/web/dist.
 */
export default async function setup(): Promise<void> {
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
  await buildWebIfStale();
}
