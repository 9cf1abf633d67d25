import type { ChannelJob } from '@loopbox/contract/channels';
import { JOB_POLL_DELAY_MS, JOB_POLL_TRIES } from './constants.ts';

/** What polling reads of a job's status answer (tests give only these). */
export type JobReport = Pick<ChannelJob, 'status'> & Partial<Pick<ChannelJob, 'error' | 'progress'>>;

/** What following a job came to: finished (DONE or FAILED), or still working after every try. */
export type PollOutcome = { kind: 'finished'; report: JobReport } | { kind: 'still-working'; report: JobReport | undefined };

/**
 * Follows an update job as SPEC 4.6 and 9 say: asks for its status up to `tries` times, `delayMs`
 * apart, until it is DONE (or FAILED); past the last try it is "still working" and the caller offers
 * a way to check later. `wait` is the delay (tests pass an instant one).
 */
export async function pollJob(
  read: () => Promise<JobReport>,
  {
    tries = JOB_POLL_TRIES,
    delayMs = JOB_POLL_DELAY_MS,
    wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    onReport,
  }: { tries?: number; delayMs?: number; wait?: (ms: number) => Promise<void>; onReport?: (report: JobReport) => void } = {},
): Promise<PollOutcome> {
  let last: JobReport | undefined;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await wait(delayMs);
    try {
      last = await read();
    } catch {
      continue;
    }
    onReport?.(last);
    if (last.status === 'DONE' || last.status === 'FAILED') return { kind: 'finished', report: last };
  }
  return { kind: 'still-working', report: last };
}
