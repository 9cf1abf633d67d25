import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openStore, type StoreKind } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { freePort, readyKey } from './process-group.ts';
import { scratchDatabase } from './stores.ts';
import { TEST_RUN_ENV } from './test-run-env.ts';

const MAIN = path.resolve('tests/support/sample-server-main.ts');
const READY_TIMEOUT_MS = 120_000;

export interface ServerProcess {
  baseUrl: string;
  webKey: string;
  /** kill -9, as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store, with `env` added to its environment from now on. */
  restart(env?: Record<string, string>): Promise<void>;
  /** Runs `read` on the store with the server stopped (PGlite files admit one process), then restarts it. */
  readStore<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The sample-corpus server in a child process over a store that outlives it (PGlite files or a PostgreSQL database). */
export async function startServerProcess(kind: StoreKind, options: { env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-proc-'));
  const scratch = kind === 'postgres' ? await scratchDatabase() : undefined;
  let env: NodeJS.ProcessEnv = {
    ...process.env,
    ...TEST_RUN_ENV,
    ...options.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
  };
  let child: ChildProcess | undefined;
  let webKey = '';

  async function start() {
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    webKey = await readyKey(started, READY_TIMEOUT_MS);
  }

  async function kill() {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get webKey() {
      return webKey;
    },
    kill,
    async restart(more) {
      if (more) env = { ...env, ...more };
      await start();
    },
    async readStore(read) {
      await kill();
      const store = await openStore({ databaseUrl: scratch?.url, dataDir });
      try {
        return await read(store.db);
      } finally {
        await store.close();
        await start();
      }
    },
    async close() {
      await kill();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
