import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { createProjectionRunner, type RunnerOptions } from './runner.ts';
import { createSearchLog, type SearchLog } from './search-log.ts';
import { keepTrendingOrder } from '../content/trending-order.ts';
import { createUsageMeter, type UsageMeter } from '../developers/usage-meter.ts';
import { throttledSearchChangesPrune } from '../search-index/prune.ts';

/** The server's analytics: the search-event writer and the projection runner, created per server. */
export interface Analytics {
  searchLog: SearchLog;
  /** Calls made with developers' keys, appended as aggregate `api.usage` events. */
  usage: UsageMeter;
  /** Flushes queued search events and usage counts, then folds everything committed into the projections. */
  catchUp(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createAnalytics(
  db: Kysely<Database>,
  options: Omit<RunnerOptions, 'beforeCatchUp' | 'afterCatchUp' | 'alsoVacuum'> = {},
): Analytics {
  const searchLog = createSearchLog(db, { log: options.log });
  const usage = createUsageMeter(db, { log: options.log });
  const pruneSearchChanges = throttledSearchChangesPrune(db);
  const runner = createProjectionRunner(db, {
    ...options,
    beforeCatchUp: async () => {
      await searchLog.flush();
      await usage.flush();
    },
    // The trending order public pages read, kept up with the scores just folded and with content changes.
    afterCatchUp: async () => {
      await keepTrendingOrder(db);
      await pruneSearchChanges();
    },
    alsoVacuum: ['trending_pages', 'trending_lists', 'gif_wire', 'gif_search_changes'],
  });
  return {
    searchLog,
    usage,
    catchUp: () => runner.catchUp(),
    start: () => {
      runner.start();
      usage.start();
    },
    async stop() {
      await runner.stop();
      await searchLog.close();
      await usage.close();
    },
  };
}
