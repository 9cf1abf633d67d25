/** `npm run start:stories`: the stories service alone on STORIES_PORT, for an edge that reaches it by STORIES_URL (README, Stories). */
import { serveAlone } from '../services/serve-alone.ts';
import { systemClock } from '../jobs/clock.ts';
import { createPayloadSigner } from '../payload-signing/signer.ts';
import { createStoriesApp } from './app.ts';
import { STORIES_PORT_DEFAULT } from './constants.ts';

await serveAlone('stories', { variable: 'STORIES_PORT', fallback: STORIES_PORT_DEFAULT }, ({ store, config, log, checkAnswers }) =>
  createStoriesApp({
    db: store.db,
    payloads: createPayloadSigner(store.db),
    publicUrl: config.publicUrl,
    clock: systemClock,
    log,
    checkAnswers,
  }),
);
