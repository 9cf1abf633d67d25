import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './process-group.ts';

const run = promisify(execFile);
const COMMANDS = ['monmaptool', 'ceph-mon', 'ceph', 'ceph-osd', 'radosgw-admin', 'radosgw'];
export const CEPH_INSTALL = 'apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd';
const READY_TIMEOUT_MS = 60_000;
/** A cap, not an allocation: the OSD keeps in RAM only what the tests store. */
const MEMSTORE_BYTES = 4 * 1024 ** 3;

export interface RadosGateway {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Kills the gateway alone (the bucket becomes unreachable; what it holds stays in the cluster). */
  stopGateway(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  startGateway(): Promise<void>;
  /** Kills every daemon and removes the cluster's directory. */
  stop(): Promise<void>;
}

/**
 * A throwaway one-node Ceph cluster and its RADOS Gateway, all on 127.0.0.1 under one temp
 * directory: a monitor, one OSD on memstore (RAM) and radosgw, with cephx off (nothing but this
 * machine can reach it). The monitor proposes at once instead of every second and clients retry a
 * waiting operation every 0.2 s instead of 5 (one start in four otherwise took 5 s longer). No
 * manager: the gateway's S3 calls do not need one. A watchdog kills the daemons if the test process dies first.
 */
export async function startRadosGateway(): Promise<RadosGateway> {
  const missing = COMMANDS.filter((command) => !onPath(command));
  if (missing.length) {
    throw new Error(
      `The tests' S3 server is Ceph's RADOS Gateway, and ${missing.join(', ')} is not installed: ${CEPH_INSTALL} (Debian 12; .ci/run does it)`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-rgw-'));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  for (const sub of ['log', 'run', 'mon', 'osd', 'rgw']) fs.mkdirSync(path.join(dir, sub));
  const fsid = randomUUID();
  const conf = path.join(dir, 'ceph.conf');
  fs.writeFileSync(conf, cephConf(dir, fsid, monPort, rgwPort));
  const c = ['-c', conf];
  const watchdog = spawn('sh', ['-c', 'while read pid; do pids="$pids $pid"; done; kill -9 $pids; rm -rf "$0"', dir], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();
  const daemons = new Map<string, ChildProcess>();
  const startDaemon = (name: string, command: string, args: string[]) => {
    const child = spawn(command, ['-f', ...c, ...args], { stdio: 'ignore' });
    child.unref();
    watchdog.stdin!.write(`${child.pid}\n`);
    daemons.set(name, child);
  };
  const endpoint = `http://127.0.0.1:${rgwPort}`;
  const keys = { accessKeyId: `LB${randomBytes(9).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(20).toString('hex') };

  const startGateway = async () => {
    startDaemon('client.rgw', 'radosgw', ['-n', 'client.rgw']);
    await untilAnswers(endpoint, daemons.get('client.rgw')!, dir);
  };
  const stop = async () => {
    watchdog.kill('SIGKILL');
    await Promise.all([...daemons.values()].map(killed));
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await run('monmaptool', ['--create', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, path.join(dir, 'monmap')]);
    await run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', path.join(dir, 'monmap')]);
    startDaemon('mon.a', 'ceph-mon', ['-i', 'a']);
    const osdUuid = randomUUID();
    await run('ceph', [...c, '--connect-timeout', '30', 'osd', 'new', osdUuid]);
    await run('ceph-osd', [...c, '-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
    startDaemon('osd.0', 'ceph-osd', ['-i', '0']);
    await run(
      'radosgw-admin',
      [
        ...c,
        'user',
        'create',
        '--uid=loopbox',
        '--display-name=loopbox',
        `--access-key=${keys.accessKeyId}`,
        `--secret-key=${keys.secretAccessKey}`,
      ],
      { timeout: READY_TIMEOUT_MS },
    );
    await startGateway();
  } catch (err) {
    const logs = logTails(dir);
    await stop();
    throw new Error(`Ceph's RADOS Gateway did not start: ${(err as Error).message}\n${logs}`);
  }

  return {
    endpoint,
    ...keys,
    async stopGateway() {
      await killed(daemons.get('client.rgw')!);
    },
    startGateway,
    stop,
  };
}

function cephConf(dir: string, fsid: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
public addr = 127.0.0.1
ms bind msgr1 = false
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc secure
ms mon cluster mode = crc secure
ms client mode = crc secure
ms cluster mode = crc secure
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
crash dir = ${dir}/crash
paxos propose interval = 0.01
paxos min wait = 0.001
osd mon report interval = 1
objecter tick interval = 0.2
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 1
osd pool default pgp num = 1
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
[mon.a]
mon data = ${dir}/mon
[osd.0]
osd data = ${dir}/osd
osd objectstore = memstore
memstore device bytes = ${MEMSTORE_BYTES}
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
rgw thread pool size = 32
`;
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
}

/** Resolves once the gateway answers HTTP at all (an anonymous listing); fails if it exits or takes too long. */
async function untilAnswers(endpoint: string, gateway: ChildProcess, dir: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gateway.exitCode !== null || gateway.signalCode !== null)
      throw new Error(`radosgw exited (${gateway.exitCode ?? gateway.signalCode})`);
    const answered = await fetch(endpoint).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`radosgw did not answer at ${endpoint} within ${READY_TIMEOUT_MS} ms (logs in ${dir}/log)`);
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.ref();
  child.kill('SIGKILL');
  return exited;
}

function logTails(dir: string): string {
  const logDir = path.join(dir, 'log');
  if (!fs.existsSync(logDir)) return '';
  return fs
    .readdirSync(logDir)
    .map((file) => `--- ${file}\n${fs.readFileSync(path.join(logDir, file), 'utf8').split('\n').slice(-15).join('\n')}`)
    .join('\n');
}
