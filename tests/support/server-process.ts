import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openStore, type StoreKind } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { scratchDatabase } from './stores.ts';

const MAIN = path.resolve('tests/support/sample-server-main.ts');
const READY_TIMEOUT_MS = 120_000;

/** A free TCP port on 127.0.0.1 (the restarted server must come back on the same origin). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface ServerProcess {
  baseUrl: string;
  webKey: string;
  /** kill -9, as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store. */
  restart(): Promise<void>;
  /** Runs `read` on the store with the server stopped (PGlite files admit one process), then restarts it. */
  readStore<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The sample-corpus server in a child process over a store that outlives it (PGlite files or a PostgreSQL database). */
export async function startServerProcess(kind: StoreKind, options: { env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-proc-'));
  const scratch = kind === 'postgres' ? await scratchDatabase() : undefined;
  const env = { ...process.env, ...options.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' };
  let child: ChildProcess | undefined;
  let webKey = '';

  async function start() {
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    webKey = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server process did not start')), READY_TIMEOUT_MS);
      let output = '';
      started.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      started.on('exit', (code) => reject(new Error(`server process exited with ${code}`)));
    });
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
    restart: start,
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
