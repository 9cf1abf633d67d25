import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEXT_RENDER_DIR } from './constants.ts';
import { RenderRefused, TextTooLong } from './render-refused.ts';
import { createTextStickers, TEXT_STYLES, textStickerId } from './text-stickers.ts';

const someone = { apiKey: 'key', address: '192.0.2.1' };
const roomy = { budgetPerKey: 1_000, budgetPerAddress: 1_000 };
const dirs: string[] = [];

function mediaDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-text-'));
  dirs.push(dir);
  return dir;
}

/** The renders on disk: directory name → total bytes of its files. */
function rendersOnDisk(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const name of fs.readdirSync(dir).filter((n) => TEXT_RENDER_DIR.test(n))) {
    const files = fs.readdirSync(path.join(dir, name));
    found.set(
      name,
      files.reduce((sum, f) => sum + fs.statSync(path.join(dir, name, f)).size, 0),
    );
  }
  return found;
}

const idsOf = (message: string) => TEXT_STYLES.map((style) => textStickerId(message, style));

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('text stickers on demand', () => {
  it('answers 503 when a render outlasts its caller’s wait, and keeps the render for the retry', async () => {
    const text = createTextStickers(mediaDir(), { concurrency: 1, queue: 0, answerWithinMs: 50, ...roomy });
    const late = await text.render('slow one', someone).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(RenderRefused);
    expect((late as RenderRefused).status).toBe(503);
    await expect.poll(() => text.stats().cacheEntries, { timeout: 60_000 }).toBe(TEXT_STYLES.length);
    const retry = await text.render('slow one', someone);
    expect(retry.map((r) => r.id)).toEqual(idsOf('slow one'));
    expect(text.stats().renders).toBe(1);
  });

  it('merges identical concurrent requests into one render, and serves it again from the cache', async () => {
    const text = createTextStickers(mediaDir(), { concurrency: 1, queue: 0, ...roomy });
    const answers = await Promise.all(Array.from({ length: 5 }, () => text.render('hi', someone)));
    expect(text.stats().renders).toBe(1);
    for (const rows of answers) expect(rows.map((r) => r.id)).toEqual(idsOf('hi'));
    await text.render('  hi ', someone);
    expect(text.stats().renders).toBe(1);
  });

  it('refuses renders beyond the queue with 503 and Retry-After while the admitted ones succeed', async () => {
    const text = createTextStickers(mediaDir(), { concurrency: 1, queue: 1, ...roomy });
    const results = await Promise.allSettled(['a', 'b', 'c', 'd'].map((m) => text.render(m, someone)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as RenderRefused] : []));
    expect(refused).toHaveLength(2);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(RenderRefused);
      expect(reason.status).toBe(503);
      expect(reason.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    expect(text.stats().renders).toBe(2);
  });

  it('charges new renders to the budgets but never cache hits', async () => {
    const text = createTextStickers(mediaDir(), { budgetPerKey: 100, budgetPerAddress: 1 });
    await text.render('x', someone);
    await text.render('x', someone);
    await expect(text.render('y', someone)).rejects.toMatchObject({ status: 429 });
    await expect(text.render('y', { ...someone, address: '192.0.2.2' })).resolves.toHaveLength(TEXT_STYLES.length);
  });

  it('refuses a text longer than the cap without rendering', async () => {
    const text = createTextStickers(mediaDir(), roomy);
    await expect(text.render('é'.repeat(51), someone)).rejects.toBeInstanceOf(TextTooLong);
    expect(text.stats().renders).toBe(0);
  });

  it('keeps the cache under its byte bound by deleting the least recently used renders, also across restarts', async () => {
    // One message's size first, to set a bound that holds three and a half.
    const probeDir = mediaDir();
    const probe = createTextStickers(probeDir, roomy);
    await probe.render('a', someone);
    const oneMessage = probe.stats().cacheBytes;
    expect(oneMessage).toBe([...rendersOnDisk(probeDir).values()].reduce((a, b) => a + b, 0));

    const dir = mediaDir();
    const bound = Math.floor(oneMessage * 3.5);
    const text = createTextStickers(dir, { ...roomy, cacheBytes: bound });
    for (const m of ['a', 'b', 'c']) await text.render(m, someone);
    await text.render('a', someone); // a is now the most recently used; b the least
    await text.render('d', someone);
    // Only b's styles went, and enough of them to get back under the bound.
    const missing = () => ['a', 'b', 'c', 'd'].flatMap(idsOf).filter((id) => !rendersOnDisk(dir).has(id));
    await expect.poll(() => missing().length > 0 && missing().every((id) => idsOf('b').includes(id))).toBe(true);
    expect(text.stats().cacheBytes).toBeLessThanOrEqual(bound);
    await expect.poll(() => [...rendersOnDisk(dir).values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(bound);
    expect(text.stats().renders).toBe(4);

    // A new process over the same directory finds what is kept (no render) and applies a smaller bound by recency.
    const smaller = Math.floor(oneMessage * 2.5);
    const restarted = createTextStickers(dir, { ...roomy, cacheBytes: smaller });
    await restarted.render('d', someone);
    expect(restarted.stats().renders).toBe(0);
    const gone = new Set([...idsOf('b'), ...idsOf('c')]);
    await expect.poll(() => missing().some((id) => idsOf('c').includes(id)) && missing().every((id) => gone.has(id))).toBe(true);
    await expect.poll(() => [...rendersOnDisk(dir).values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(smaller);
  });
});
