import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TEST_RUN_ENV } from './test-run-env.ts';

const READY_TIMEOUT_MS = 180_000;

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface GroupMember {
  baseUrl: string;
  pid: number;
  /** kill -9, as a crash would; resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM: flushes what it queued (the search log) and closes. */
  stop(): Promise<void>;
  alive(): boolean;
}

/**
 * `count` server processes (`main`, printing `ready <webKey>` when it listens) on one PostgreSQL
 * database, each on its own port with its own data directory, started one after another (the first
 * seeds). `env` is added to each one's environment, `args` to its command line.
 */
export async function startProcessGroup(
  main: string,
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<{ members: GroupMember[]; webKey: string; close(): Promise<void> }> {
  const members: GroupMember[] = [];
  const dirs: string[] = [];
  let webKey = '';
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-group-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
      env: { ...process.env, ...TEST_RUN_ENV, ...env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    webKey = await readyKey(child);
    members.push(member(child, `http://127.0.0.1:${port}`));
  }
  return {
    members,
    webKey,
    async close() {
      await Promise.all(members.map((m) => m.kill()));
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The web key a server process prints as `ready <webKey>` once it listens. */
export function readyKey(child: ChildProcess, timeoutMs = READY_TIMEOUT_MS): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server process did not start')), timeoutMs);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
}

function member(child: ChildProcess, baseUrl: string): GroupMember {
  const alive = () => child.exitCode === null && child.signalCode === null;
  const end = async (signal: NodeJS.Signals) => {
    if (!alive()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return { baseUrl, pid: child.pid!, alive, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
