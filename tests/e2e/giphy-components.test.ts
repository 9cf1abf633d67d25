/**
 * GIPHY's own widget libraries from the npm registry, unchanged, in Debian's Chromium against a live
 * server (npm start's wiring), pointed at it only by GIPHY's documented globals GIPHY_API_URL and
 * GIPHY_PINGBACK_URL: @giphy/react-components' Grid (infinite scroll) and SearchContextManager with
 * SearchBar and SuggestionBar, and @giphy/js-components' renderGrid. Each shows our GIFs with images
 * from our media, and its SEEN pingbacks are counted.
 */
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GIPHY_SDK_PINGBACK_KEY } from '../../apps/server/src/collector/constants.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Small pages, so the sample corpus's 12 trending GIFs span three. */
const PAGE_SIZE = 4;

/** The three mounts, each as a page would write it with GIPHY's documentation open. */
const ENTRY = `
import React, { useContext } from 'react';
import { createRoot } from 'react-dom/client';
import { GiphyFetch } from '@giphy/js-fetch-api';
import { Grid, SearchBar, SearchContext, SearchContextManager, SuggestionBar } from '@giphy/react-components';
import { renderGrid } from '@giphy/js-components';

const pageSize = ${PAGE_SIZE};
window.mounts = {
  reactGrid(element, apiKey) {
    const gf = new GiphyFetch(apiKey);
    createRoot(element).render(<Grid width={600} columns={3} gutter={6} fetchGifs={(offset) => gf.trending({ offset, limit: pageSize })} />);
  },
  search(element, apiKey) {
    function Results() {
      const { fetchGifs, searchKey } = useContext(SearchContext);
      return <Grid key={searchKey} width={600} columns={3} gutter={6} fetchGifs={fetchGifs} />;
    }
    createRoot(element).render(
      <SearchContextManager apiKey={apiKey} options={{ limit: pageSize }}>
        <SearchBar />
        <SuggestionBar />
        <Results />
      </SearchContextManager>,
    );
  },
  jsGrid(element, apiKey) {
    const gf = new GiphyFetch(apiKey);
    renderGrid({ width: 600, columns: 3, gutter: 6, fetchGifs: (offset) => gf.trending({ offset, limit: pageSize }) }, element);
  },
};`;

describe('GIPHY’s own components in Chromium against Loopbox', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let browser: TestBrowser;
  let bundle: string;

  beforeAll(async () => {
    const built = await build({
      stdin: { contents: ENTRY, resolveDir: process.cwd(), sourcefile: 'giphy-mounts.tsx', loader: 'tsx' },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"', global: 'window' },
      write: false,
      logLevel: 'silent',
    });
    bundle = built.outputFiles[0]!.text;
    // One searcher makes a term trend here (the page's own searches feed its SuggestionBar); the rules are tested in tests/api/trending-searches.test.ts.
    server = await startTestServer('pglite', { env: { TRENDING_MIN_SEARCHERS: '1' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** An app's page on the server's origin with GIPHY's globals set before the libraries load, then `mount` run. */
  async function mounted(mount: 'reactGrid' | 'search' | 'jsGrid'): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // An app's own page (no CSP of ours: the server's answers forbid inline script), on the server's origin.
    const host = `${server.baseUrl}/giphy-components-host`;
    await page.route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>GIPHY components</title></head><body><div id="root"></div></body></html>',
      }),
    );
    await page.goto(host);
    await page.evaluate((base) => Object.assign(window, { GIPHY_API_URL: `${base}/v1/`, GIPHY_PINGBACK_URL: base }), server.baseUrl);
    await page.addScriptTag({ content: bundle });
    await page.evaluate(
      ([name, key]) =>
        (window as unknown as { mounts: Record<string, (el: Element, key: string) => void> }).mounts[name]!(
          document.getElementById('root')!,
          key,
        ),
      [mount, server.webKey] as const,
    );
    return { page, errors };
  }

  /** Ids and image sources of the tiles shown, once their images have loaded from our media. */
  const tiles = (page: Page) =>
    page.$$eval('#root .giphy-gif', (elements) =>
      elements.map((tile) => {
        const img = tile.querySelector('img');
        return { src: img?.currentSrc || img?.src || '', loaded: Boolean(img?.complete && img.naturalWidth > 0) };
      }),
    );

  async function expectOurImages(page: Page, atLeast: number) {
    await page.waitForFunction((n) => document.querySelectorAll('#root .giphy-gif').length >= n, atLeast);
    await vi.waitFor(
      async () => {
        const shown = await tiles(page);
        const real = shown.filter((t) => !t.src.startsWith('data:'));
        expect(real.length).toBeGreaterThanOrEqual(Math.min(atLeast, 3));
        expect(real.every((t) => t.src.startsWith(`${server.baseUrl}/media/`))).toBe(true);
        expect(real.some((t) => t.loaded)).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
  }

  /** The SDK's SEEN reports in log order (slices below count on it; the heap's order is not the log's). */
  const seenFromSdk = async () =>
    (
      await server.store.db
        .selectFrom('events')
        .select(['stream_id', 'payload'])
        .where('type', '=', 'pingback.seen')
        .orderBy('seq')
        .execute()
    ).filter((row) => row.payload.api_key === GIPHY_SDK_PINGBACK_KEY);

  async function expectSeenCounted(before: number) {
    await vi.waitFor(async () => expect((await seenFromSdk()).length).toBeGreaterThan(before), { timeout: 20_000, interval: 200 });
    const [row] = (await seenFromSdk()).slice(-1);
    await server.analytics.catchUp();
    const { body } = await server.get(`/api/v1/proxy-gif/${row!.stream_id}/view-count/`, {
      headers: { Authorization: `Bearer ${server.adminToken}` },
    });
    expect(body.view_count).toBeGreaterThan(0);
  }

  it('@giphy/react-components Grid shows our GIFs, scrolls past the first page and reports SEEN', async () => {
    const before = (await seenFromSdk()).length;
    const { page, errors } = await mounted('reactGrid');
    await expectOurImages(page, PAGE_SIZE);
    for (let i = 0; i < 5 && (await page.$$('#root .giphy-gif')).length <= PAGE_SIZE * 2; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(500);
    }
    expect((await tiles(page)).length).toBeGreaterThan(PAGE_SIZE * 2);
    await expectSeenCounted(before);
    const seen = (await seenFromSdk()).slice(before);
    expect(seen.every((row) => (row.payload.attributes as { layout_type?: string }).layout_type === 'GRID')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('SearchContextManager with SearchBar and SuggestionBar: trending searches appear, typing a term shows our results', async () => {
    // Searches made here become the trending searches the SuggestionBar shows.
    for (const term of ['heart', 'heart', 'pizza']) await server.get(`/v1/gifs/search?q=${term}`);
    await vi.waitFor(
      async () => {
        await server.analytics.catchUp();
        expect((await server.get('/v1/trending/searches')).body.data).toContain('heart');
      },
      { timeout: 10_000, interval: 200 },
    );
    const before = (await seenFromSdk()).length;
    const searched: string[] = [];
    const { page, errors } = await mounted('search');
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/gifs/search') searched.push(url.searchParams.get('q') ?? '');
    });
    await page.waitForSelector('.giphy-suggestion-bar >> text=heart');
    await expectOurImages(page, 3);
    await page.fill('input[placeholder="Search GIPHY"]', 'heart');
    await vi.waitFor(() => expect(searched).toContain('heart'), { timeout: 10_000, interval: 100 });
    const { body } = await server.get('/v1/gifs/search?q=heart&limit=6');
    const expected = (body.data as { images: { fixed_width: { url: string } } }[]).map(
      (gif) => new URL(gif.images.fixed_width.url).pathname.split('/')[2],
    );
    await vi.waitFor(
      async () => {
        const shown = (await tiles(page)).filter((t) => !t.src.startsWith('data:')).map((t) => new URL(t.src).pathname.split('/')[2]);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.every((id) => expected.includes(id))).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    await expectSeenCounted(before);
    const seen = (await seenFromSdk()).slice(before);
    expect(seen.some((row) => (row.payload.attributes as { layout_context?: string }).layout_context === 'SEARCH')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('@giphy/js-components renderGrid shows our GIFs and reports SEEN', async () => {
    const before = (await seenFromSdk()).length;
    const { page, errors } = await mounted('jsGrid');
    await expectOurImages(page, PAGE_SIZE);
    await expectSeenCounted(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});
