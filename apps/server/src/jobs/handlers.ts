import { channelJobHandlers } from '../channels/jobs.ts';
import { schedulerJobHandlers } from '../scheduler/jobs.ts';
import type { Clock } from './clock.ts';
import type { JobHandlers } from './runner.ts';

/**
 * Every kind of job, for every runner: a runner claims whichever job is due first, whatever its
 * kind, so each process that runs one (npm start, the scheduler alone) registers them all.
 */
export function allJobHandlers(options: { batchSize?: number | undefined; clock: Clock }): JobHandlers {
  return { ...channelJobHandlers(options.batchSize), ...schedulerJobHandlers(options.clock) };
}
