/** The worker thread's entry (piscina): one upload processed per task. */
import { processOutcome, type ProcessOutcome, type ProcessTask } from './process.ts';

export default function run(task: ProcessTask): Promise<ProcessOutcome> {
  return processOutcome(task);
}
