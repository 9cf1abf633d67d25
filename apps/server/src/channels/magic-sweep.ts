import type { Kysely } from 'kysely';
import { createPasses, type Passes } from '../background/passes.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Database } from '../store/schema.ts';
import { JOB_KINDS, MAGIC_SWEEP_INTERVAL_MS } from './constants.ts';

/**
 * Magic tags follow GIFs that get a tag later (an upload, a tag edit) whoever wrote them: every
 * `intervalMs` a sweep job is queued (one at a time across every process: a dedupe key) that
 * reconciles each channel's magic tags with the GIFs carrying them.
 */
export function createMagicSweep(
  db: Kysely<Database>,
  options: { intervalMs?: number; onQueued: () => void; log?: (line: string) => void },
): Passes<void> {
  return createPasses(
    async () => {
      await enqueueJob(db, { kind: JOB_KINDS.magicSweep, payload: {}, ownerId: null, createdBy: null, dedupeKey: JOB_KINDS.magicSweep });
      options.onQueued();
    },
    {
      intervalMs: options.intervalMs ?? MAGIC_SWEEP_INTERVAL_MS,
      onError: (err) => options.log?.(`channels: magic sweep not queued: ${err.message}`),
    },
  );
}
