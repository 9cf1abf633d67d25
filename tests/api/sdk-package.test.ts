import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

const SDK = path.resolve('apps/sdk');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// The server under test lives in this process: a consumer must run without blocking its event loop.
const run = promisify(execFile);

/** The SDK as a consumer gets it: the built ESM package with declarations, in plain Node and in tsc. */
describe('@loopbox/sdk published package', () => {
  let server: TestServer;
  let consumer: string;
  beforeAll(async () => {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(SDK, 'build.ts')], { stdio: 'pipe' });
    consumer = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-sdk-consumer-'));
    fs.mkdirSync(path.join(consumer, 'node_modules', '@loopbox'), { recursive: true });
    fs.symlinkSync(path.join(SDK, 'dist'), path.join(consumer, 'node_modules', '@loopbox', 'sdk'));
    fs.writeFileSync(path.join(consumer, 'package.json'), '{"type":"module"}');
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(consumer, { recursive: true, force: true });
  });

  it('runs in plain Node as ESM against the server', async () => {
    fs.writeFileSync(
      path.join(consumer, 'app.js'),
      `import { LoopboxFetch, getAltText } from '@loopbox/sdk';
const gf = new LoopboxFetch(process.argv[2], { baseUrl: process.argv[3], storage: null });
const { data } = await gf.search('pizza', { limit: 2 });
console.log(JSON.stringify(data.map((g) => ({ id: g.id, sticker: g.is_sticker, width: g.images.original.width, alt: getAltText(g) }))));`,
    );
    const { stdout: out } = await run(process.execPath, ['app.js', server.webKey, `${server.baseUrl}/v1/`], {
      cwd: consumer,
      encoding: 'utf8',
    });
    const gifs = JSON.parse(out) as { id: string; sticker: boolean; width: number; alt: string }[];
    expect(gifs).toHaveLength(2);
    expect(gifs.every((g) => g.sticker === false && typeof g.width === 'number' && g.alt.length > 0)).toBe(true);
  });

  it('type-checks a strict TypeScript consumer with node16 resolution', () => {
    fs.writeFileSync(
      path.join(consumer, 'app.ts'),
      `import { LoopboxFetch, FetchError, type IGif } from '@loopbox/sdk';
const gf = new LoopboxFetch('key');
export async function first(): Promise<IGif | undefined> {
  try { return (await gf.trending({ limit: 1 })).data[0]; } catch (e) { if (e instanceof FetchError) return undefined; throw e; }
}
// @ts-expect-error search takes a term
gf.search(42);`,
    );
    fs.writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'node16',
          moduleResolution: 'node16',
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['app.ts'],
      }),
    );
    const result = (() => {
      try {
        return execFileSync(process.execPath, [tsc, '-p', consumer], { encoding: 'utf8' });
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    })();
    expect(result).toBe('');
  });
});
