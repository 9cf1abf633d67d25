import { z } from 'zod';
import { loadConfig, type Config } from '../config.ts';
import { answerCheckFrom } from '../http/answer-check.ts';
import { createLogger, lineLogger, type Logger } from '../logging/logger.ts';
import { openStore, type Store } from '../store/db.ts';
import { lockDataDir } from '../store/lock.ts';
import { serveHttp } from '../http/serve.ts';
import { exitOnSignals } from '../http/shutdown.ts';

/** A service as a process of its own runs: its requests, and any background work it starts and stops. */
export interface AloneService {
  fetch(request: Request): Response | Promise<Response>;
  start?(): void;
  stop?(): Promise<void>;
}

/** Where a service alone listens: its own port variable (`STORIES_PORT`, …) and that port's default. */
export interface AlonePort {
  variable: string;
  fallback: number;
}

/**
 * Runs one service behind the edge (stories, scheduler, imaging) as its own process (`npm run
 * start:<name>`), for an edge elsewhere that reaches it by `<NAME>_URL`. It listens on its own port
 * variable and reads npm start's other settings (HOST, DATABASE_URL or DATA_DIR, PUBLIC_URL,
 * LOG_LEVEL), sharing the store with the other processes:
 * with PostgreSQL any number may run; PGlite files admit one process, so a data directory in use is
 * refused (the lock file names its holder).
 */
export async function serveAlone(
  name: string,
  listen: AlonePort,
  build: (parts: {
    store: Store;
    config: Config;
    logger: Logger;
    log: (line: string) => void;
    /** CHECK_ANSWERS (http/answer-check.ts). */
    checkAnswers: boolean;
  }) => AloneService | Promise<AloneService>,
): Promise<void> {
  const config = loadConfig();
  const port = z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(listen.fallback)
    .parse(process.env[listen.variable] || undefined);
  const logger = createLogger({ level: config.logLevel }).child({ service: name });
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const store = await openStore({ databaseUrl: config.databaseUrl, readDatabaseUrl: config.databaseReadUrl, dataDir: config.dataDir });
  const service = await build({ store, config, logger, log: lineLogger(logger), checkAnswers: answerCheckFrom(process.env) });
  service.start?.();
  const server = serveHttp(
    (request) => service.fetch(request),
    { port, hostname: config.host },
    (info) => {
      logger.info(
        { url: `http://${config.host}:${info.port}`, store: store.kind },
        `Loopbox ${name}: listening on http://${config.host}:${info.port}`,
      );
    },
  );
  exitOnSignals(logger, `Loopbox ${name}`, async () => {
    server.close();
    await service.stop?.();
    await store.close();
    unlock();
  });
}
