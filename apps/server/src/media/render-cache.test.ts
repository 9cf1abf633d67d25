import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredImages } from '../store/schema.ts';
import { createRenderCache } from './render-cache.ts';

const ID = 'txtAAAAAAAAAAAAAAAAA';
const BOUND = 1024 * 1024;
const roots: string[] = [];

function mediaRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-render-cache-'));
  roots.push(dir);
  return dir;
}

/** A build that writes one file named after `label`, once `gate` resolves. */
function build(label: string, gate: Promise<void> = Promise.resolve()) {
  return async (dir: string): Promise<StoredImages> => {
    fs.mkdirSync(dir, { recursive: true });
    await gate;
    fs.writeFileSync(path.join(dir, `${label}.gif`), label);
    return { original: { width: 1, height: 1, gif: { file: `${label}.gif`, size: label.length } } };
  };
}

afterEach(() => {
  for (const dir of roots.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('render cache shared by several processes', () => {
  it('never lets a process starting over the same root delete a render in progress', async () => {
    const root = mediaRoot();
    const first = createRenderCache(root, BOUND);
    await first.ready;
    let release!: () => void;
    const making = first.make(ID, build('mine', new Promise((resolve) => (release = resolve))));
    await expect.poll(() => fs.readdirSync(root).length).toBe(1); // the partial directory exists
    const starting = createRenderCache(root, BOUND);
    await starting.ready;
    release();
    await making;
    expect(fs.readdirSync(path.join(root, ID)).sort()).toEqual(['images.json', 'mine.gif']);
    expect(first.use(ID)).toBeDefined();
  });

  it('keeps the render published first when two processes make the same one', async () => {
    const root = mediaRoot();
    const [a, b] = [createRenderCache(root, BOUND), createRenderCache(root, BOUND)];
    await Promise.all([a.ready, b.ready]);
    let releaseB!: () => void;
    const fromB = b.make(ID, build('b', new Promise((resolve) => (releaseB = resolve))));
    const fromA = await a.make(ID, build('a'));
    releaseB();
    expect(await fromB).toEqual(fromA);
    expect(fs.readdirSync(root)).toEqual([ID]);
    expect(fs.readdirSync(path.join(root, ID)).sort()).toEqual(['a.gif', 'images.json']);
  });

  it('removes a partial render abandoned long ago, and a failed build leaves nothing behind', async () => {
    const root = mediaRoot();
    const abandoned = path.join(root, `.partial-${ID}-dead`);
    const young = path.join(root, `.partial-${ID}-busy`);
    for (const dir of [abandoned, young]) fs.mkdirSync(dir);
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(abandoned, longAgo, longAgo);
    const cache = createRenderCache(root, BOUND);
    await cache.ready;
    expect(fs.readdirSync(root)).toEqual([path.basename(young)]);

    fs.rmSync(young, { recursive: true });
    const failing = async (dir: string): Promise<StoredImages> => {
      fs.mkdirSync(dir, { recursive: true });
      throw new Error('ffmpeg failed');
    };
    await expect(cache.make(ID, failing)).rejects.toThrow('ffmpeg failed');
    expect(fs.readdirSync(root)).toEqual([]);
    expect(cache.use(ID)).toBeUndefined();
  });
});
