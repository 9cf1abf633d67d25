/** `npm run start:stories`: the stories service alone, for an edge that reaches it by STORIES_URL (README, Stories). */
import { serveAlone } from '../http/serve-alone.ts';
import { systemClock } from '../jobs/clock.ts';
import { createPayloadSigner } from '../payload-signing/signer.ts';
import { createStoriesApp } from './app.ts';

await serveAlone('stories', ({ store, config, log }) => createStoriesApp({ db: store.db, payloads: createPayloadSigner(store.db), publicUrl: config.publicUrl, clock: systemClock, log }));
