import { useCallback, useRef, useState } from 'react';
import { jobReport } from './editor-api.ts';
import { pollJob, type JobReport } from './job-polling.ts';

export type JobState = { job: string; phase: 'working' | 'done' | 'failed' | 'still-working'; report?: JobReport | undefined } | undefined;

/**
 * Follows update jobs with SPEC 9's polling; `follow(job)` resolves when it is done (or has failed,
 * or is still working after the last try, when `checkAgain` polls once more round).
 */
export function useJob(onFinished: () => void) {
  const [state, setState] = useState<JobState>(undefined);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const follow = useCallback(async (job: string) => {
    setState({ job, phase: 'working' });
    const outcome = await pollJob(() => jobReport(job), { onReport: (report) => setState({ job, phase: 'working', report }) });
    if (outcome.kind === 'still-working') {
      setState({ job, phase: 'still-working', report: outcome.report });
      return;
    }
    setState({ job, phase: outcome.report.status === 'DONE' ? 'done' : 'failed', report: outcome.report });
    finished.current();
  }, []);
  const clear = useCallback(() => setState(undefined), []);
  return { state, follow, checkAgain: () => state && void follow(state.job), clear };
}
