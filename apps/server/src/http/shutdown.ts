import type { Logger } from '../logging/logger.ts';

/**
 * Ends the process cleanly on SIGINT or SIGTERM, once: logs it, runs `close` (stop serving, stop
 * background work, close the store, release the data directory), flushes the log and exits.
 */
export function exitOnSignals(logger: Logger, label: string, close: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${label}: shutting down`);
    await close();
    logger.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
