import type { JobHandlers } from '../jobs/runner.ts';
import type { Clock } from '../jobs/clock.ts';
import { PUBLISH_JOB_KIND } from './constants.ts';
import { publishPost } from './store.ts';

/** The scheduler's job (jobs/runner.ts runs it at the post's time): one step publishes the post. */
export function schedulerJobHandlers(clock: Clock): JobHandlers {
  return {
    [PUBLISH_JOB_KIND]: async (trx, job) => ({ done: true, progress: await publishPost(trx, String(job.payload.post), clock()) }),
  };
}
