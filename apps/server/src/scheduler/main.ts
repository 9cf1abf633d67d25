/**
 * `npm run start:scheduler`: the scheduler service alone on SCHEDULER_PORT, for an edge that reaches it by
 * SCHEDULER_URL (README, Scheduler), with a job runner of its own: whichever process claims a due
 * post first publishes it, exactly once.
 */
import { serveAlone } from '../services/serve-alone.ts';
import { systemClock } from '../jobs/clock.ts';
import { allJobHandlers } from '../jobs/handlers.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { createPayloadSigner } from '../payload-signing/signer.ts';
import { createSchedulerApp } from './app.ts';
import { SCHEDULER_PORT_DEFAULT } from './constants.ts';

await serveAlone('scheduler', { variable: 'SCHEDULER_PORT', fallback: SCHEDULER_PORT_DEFAULT }, ({ store, config, log, checkAnswers }) => {
  const jobs = createJobRunner(store.db, allJobHandlers({ batchSize: config.jobs.batchSize, clock: systemClock }), {
    log,
    now: systemClock,
  });
  const app = createSchedulerApp({
    db: store.db,
    payloads: createPayloadSigner(store.db),
    publicUrl: config.publicUrl,
    clock: systemClock,
    log,
    checkAnswers,
    onJobQueued: () => jobs.wake(),
  });
  return { fetch: (request) => app.fetch(request), start: () => jobs.start(), stop: () => jobs.stop() };
});
