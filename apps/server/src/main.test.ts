import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const WEB_KEY = 'lb_web_main_test_0001';
const MOBILE_KEY = 'lb_mobile_main_test_0001';

/** `npm start` as a process (no demo corpus), its stderr kept line by line. */
describe('npm start: what it writes and what it answers', () => {
  let child: ChildProcess;
  let origin = '';
  let dataDir = '';
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-main-'));
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        SEED: 'none',
        DATABASE_URL: '',
        LOOPBOX_WEB_KEY: WEB_KEY,
        LOOPBOX_MOBILE_KEY: MOBILE_KEY,
        LOOPBOX_ADMIN_TOKEN: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stderr! }).on('line', (line) => {
        lines.push(line);
        const entry = line.startsWith('{') ? (JSON.parse(line) as { msg: string; url?: string }) : undefined;
        if (entry?.msg.includes('listening on') && entry.url) {
          origin = entry.url;
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${lines.join('\n')}`)));
    });
  });

  afterAll(async () => {
    if (child.exitCode === null) await new Promise<void>((resolve) => child.once('exit', () => resolve()).kill('SIGTERM'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Waits until stderr has a line satisfying `match` (the log is written asynchronously). */
  async function logged(match: (line: string) => boolean): Promise<string[]> {
    for (let tries = 0; tries < 200; tries++) {
      const found = lines.filter(match);
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the line never came');
  }

  it('prints where the admin token is, and no key or token', async () => {
    const adminToken = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
    // The lines after "listening on" may still be on their way.
    await logged((line) => line.includes(path.join(dataDir, 'admin-token')));
    const startup = lines.join('\n');
    for (const secret of [WEB_KEY, MOBILE_KEY, adminToken]) expect(startup).not.toContain(secret);
    expect(startup).toContain(path.join(dataDir, 'admin-token'));
  });

  it('answers a request without a key through the edge, which adds the web key', async () => {
    expect((await fetch(`${origin}/v1/gifs/trending`)).status).toBe(200);
  });

  it.each([
    '/v1/gifs/trending',
    '/api/v3/env/build',
    '/ajax/gifs/trending?gif_ids=x',
    '/gifs/none',
    '/embed/none',
    '/oembed?url=x',
    '/no-such-page',
    '/api/no-such-route',
    '/media/none/200.gif',
  ])('gives %s an X-Request-Id', async (pathAndQuery) => {
    const response = await fetch(`${origin}${pathAndQuery}`);
    await response.arrayBuffer();
    expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a forged line inside its JSON entry, and the key and the query out of the log', async () => {
    const response = await fetch(
      `${origin}/api/x%0A%7B%22msg%22%3A%22forged%22%7D%0D%0Aedge%20forged?api_key=${WEB_KEY}&q=%0Aforged-query`,
    );
    await response.arrayBuffer();
    const requestId = response.headers.get('X-Request-Id')!;
    const [line] = await logged((candidate) => candidate.includes(requestId));
    const entry = JSON.parse(line!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      msg: 'edge request',
      component: 'edge',
      requestId,
      path: '/api/x%0A%7B%22msg%22%3A%22forged%22%7D%0D%0Aedge%20forged',
      status: 404,
    });
    // Node's own warnings may share stderr; no line, of any kind, is the forged one.
    expect(lines.filter((every) => every.startsWith('{"msg":"forged"') || every.startsWith('edge forged'))).toEqual([]);
    expect(lines.join('\n')).not.toMatch(new RegExp(`${WEB_KEY}|forged-query`));
  });
});

describe('npm start: the moderation settings come from its environment', () => {
  it('refuses to start with an NSFW_THRESHOLD outside 0 to 1, naming it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-main-'));
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED: 'none', DATABASE_URL: '', NSFW_THRESHOLD: '7' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that ignored the setting would keep running: it is stopped and counted as started.
    const stop = setTimeout(() => child.kill('SIGTERM'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(stop);
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).not.toBe(0);
    expect(stderr).toContain('NSFW_THRESHOLD must be a number from 0 to 1');
  });
});
