/**
 * The service worker's runtime cache (workers/src/sw/runtime.ts: workbox's strategies and
 * expiration) in Chromium: media are kept up to RUNTIME_CACHE_MAX_ENTRIES, and past the bound the
 * least recently used go first, not the oldest stored; a GIF page reloads offline as its own page,
 * never as another GIF's, and a page the server answered no-store is not kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CACHE_MAX_ENTRIES, RUNTIME_CACHE_NAME } from '../../workers/src/constants.ts';
import { E2E_STEP_TIMEOUT_MS, launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

interface Rendition {
  url?: string;
  mp4?: string;
  webp?: string;
}

describe('service worker runtime cache in Chromium', { timeout: 300_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * `count` distinct media URLs: the sample corpus's files, each under a few query strings (the cache
   * keeps one entry per URL; the server ignores the query), so the bound is reached without a bigger corpus.
   */
  async function mediaUrls(count: number): Promise<string[]> {
    const paths = new Set<string>();
    const { body } = await server.get('/v1/gifs/trending?limit=50');
    for (const gif of body.data as Array<{ images: Record<string, Rendition> }>)
      for (const image of Object.values(gif.images))
        for (const url of [image.url, image.mp4, image.webp]) if (url) paths.add(new URL(url).pathname);
    const files = [...paths];
    return Array.from({ length: count }, (_, i) => `${files[i % files.length]}?copy=${Math.floor(i / files.length)}`);
  }

  it('keeps at most RUNTIME_CACHE_MAX_ENTRIES, dropping the least recently used first', async () => {
    const [first, second, ...rest] = await mediaUrls(RUNTIME_CACHE_MAX_ENTRIES + 7);
    const browser = await launchBrowser({ serviceWorkers: true });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.baseUrl}/labs/pipeline`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: E2E_STEP_TIMEOUT_MS });
      const load = (paths: string[]) =>
        page.evaluate(async (list) => {
          for (const path of list) await (await fetch(path)).arrayBuffer();
        }, paths);
      const cached = () =>
        page.evaluate(
          async (name) =>
            (await (await caches.open(name)).keys()).map(({ url }) => {
              const { pathname, search } = new URL(url);
              return pathname + search;
            }),
          RUNTIME_CACHE_NAME,
        );

      await load([first!, second!, ...rest.slice(0, RUNTIME_CACHE_MAX_ENTRIES - 10)]);
      await load([first!]); // served from the cache: now the most recently used
      await load(rest.slice(RUNTIME_CACHE_MAX_ENTRIES - 10));

      await expect.poll(async () => (await cached()).length, { timeout: E2E_STEP_TIMEOUT_MS }).toBe(RUNTIME_CACHE_MAX_ENTRIES);
      const kept = await cached();
      expect(kept).toContain(first);
      expect(kept).not.toContain(second);
      expect(kept).toContain(rest.at(-1));
    } finally {
      await browser.close();
    }
  });

  it('keeps each GIF page it showed by its URL (offline, a GIF page is its own, not the last one seen), never one answered no-store', async () => {
    const { body } = await server.get('/v1/gifs/trending?limit=50');
    const titled = (body.data as Array<{ id: string; title: string }>).filter((gif) => gif.title.trim() !== '');
    const [first, second] = [titled[0]!, titled.find((gif) => gif.title !== titled[0]!.title)!];
    const browser = await launchBrowser({ serviceWorkers: true });
    try {
      const page = await browser.context.newPage();
      const heading = () => page.locator('h1').first().textContent();
      // The first visit runs before the worker exists and hands it what it loaded; the second is its own.
      await page.goto(`${server.baseUrl}/gifs/${first.id}`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: E2E_STEP_TIMEOUT_MS });
      await page.goto(`${server.baseUrl}/gifs/${second.id}`);
      const keptPages = () =>
        page.evaluate(async (name) => (await (await caches.open(name)).keys()).map(({ url }) => new URL(url).pathname), RUNTIME_CACHE_NAME);
      await expect
        .poll(keptPages, { timeout: E2E_STEP_TIMEOUT_MS })
        .toEqual(expect.arrayContaining([`/gifs/${first.id}`, `/gifs/${second.id}`]));

      await (await browser.context.newCDPSession(page)).send('Network.clearBrowserCache');
      await browser.context.setOffline(true);
      await page.goto(`${server.baseUrl}/gifs/${first.id}`);
      expect(await heading()).toBe(first.title);
      await page.goto(`${server.baseUrl}/gifs/${second.id}`);
      expect(await heading()).toBe(second.title);

      // A page written for one visitor's cookies is answered no-store: the worker keeps it nowhere.
      await browser.context.setOffline(false);
      const [third, fourth] = titled.filter((gif) => gif.id !== first.id && gif.id !== second.id);
      await browser.context.addCookies([{ name: 'lb_probe', value: '1', url: server.baseUrl }]);
      const written = await page.goto(`${server.baseUrl}/gifs/${third!.id}`);
      expect(written?.headers()['cache-control']).toBe('private, no-store');
      await browser.context.clearCookies();
      await page.goto(`${server.baseUrl}/gifs/${fourth!.id}`);
      await expect.poll(keptPages, { timeout: E2E_STEP_TIMEOUT_MS }).toContain(`/gifs/${fourth!.id}`);
      expect(await keptPages()).not.toContain(`/gifs/${third!.id}`);
    } finally {
      await browser.close();
    }
  });
});
