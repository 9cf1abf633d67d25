import { renderCorpusMedia } from '../../apps/server/src/seed/seed.ts';
import { sampleItems, TEST_MEDIA_DIR } from './corpus.ts';

/** Renders the sample corpus's media once (kept between runs), so suites only insert rows. */
export default async function setup(): Promise<void> {
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
}
