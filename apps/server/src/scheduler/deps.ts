import type { Kysely } from 'kysely';
import type { Clock } from '../jobs/clock.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import type { Database } from '../store/schema.ts';

/** What the scheduler service needs: the shared store, the payload signer (GIF previews), a clock and the job runner's wake. */
export interface SchedulerDeps {
  db: Kysely<Database>;
  payloads: PayloadSigner;
  publicUrl?: string | undefined;
  /** A time in the past is refused against it; posts are due by it. */
  clock: Clock;
  /** Called after a commit that queued a publish job. */
  onJobQueued?: () => void;
  log?: (line: string) => void;
  /** Check every answer against its route's response schema (CHECK_ANSWERS). */
  checkAnswers?: boolean;
}
