import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { PROJECTION_BATCH_SIZE } from './constants.ts';
import { catchUpProjector, lockProjectorState } from './project.ts';
import { PROJECTORS } from './projectors/index.ts';
import type { Projector } from './projectors/projector.ts';
import { analyticsDb } from './schema.ts';

/**
 * Empties every projection and rebuilds it from the log. Each projector's state row is locked while its
 * tables are emptied, so a running server's runner waits and then continues from the reset position.
 * Returns the events folded per projector.
 */
export async function replayProjections(
  db: Kysely<Database>,
  projectors: readonly Projector[] = PROJECTORS,
  batchSize = PROJECTION_BATCH_SIZE,
): Promise<Record<string, number>> {
  const adb = analyticsDb(db);
  const folded: Record<string, number> = {};
  for (const projector of projectors) {
    await adb.transaction().execute(async (trx) => {
      await lockProjectorState(trx, projector.name);
      await sql`TRUNCATE ${sql.join(projector.tables.map((t) => sql.table(t)))}`.execute(trx);
      await trx.updateTable('projector_state').set({ last_seq: 0 }).where('name', '=', projector.name).execute();
    });
    folded[projector.name] = await catchUpProjector(adb, projector, batchSize);
  }
  return folded;
}
