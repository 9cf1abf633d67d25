/**
 * The site and the embed with their Content-Security-Policy on, in Debian's Chromium: the home page,
 * a GIF page, the dashboard, the upload page, the API reference, the widget demo and the pipeline lab
 * load and work with nothing refused; the embed plays inside another site's page; the site itself
 * refuses to be framed; a script injected without the page's nonce never runs.
 * (Every browser suite also fails on any refusal: tests/support/browser.ts.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_DOCS_PAGE } from '@loopbox/pages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessionCookies } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('the site with its security headers, in Chromium', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let browser: TestBrowser;
  let hostSite: http.Server;
  let hostOrigin: string;
  let gifId: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    gifId = (await server.get('/v1/gifs/trending?limit=1')).body.data[0].id;
    browser = await launchBrowser();
    await browser.context.addCookies(await staffSessionCookies(server.store.db, server.baseUrl));
    // Another site (another port is another origin) whose page frames what its query names.
    hostSite = http.createServer((req, res) => {
      const src = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('frame') ?? '';
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(`<!doctype html><title>host</title><iframe src="${src.replace(/"/g, '&quot;')}" width="480" height="360"></iframe>`);
    });
    await new Promise<void>((resolve) => hostSite.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(hostSite.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => hostSite?.close(resolve));
    await server?.close();
  });

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Chromium warns of a header it cannot read (an unknown Permissions-Policy feature, say).
    page.on('console', (message) => /Permissions-Policy|Referrer Policy/.test(message.text()) && errors.push(message.text()));
    const response = await page.goto(`${server.baseUrl}${path}`);
    expect([path, response?.status(), response?.headers()['content-security-policy']]).toEqual([
      path,
      200,
      expect.stringContaining("script-src 'self' 'nonce-"),
    ]);
    return { page, errors };
  }

  it('loads every kind of site page with nothing refused', async () => {
    const visits: [string, (page: Page) => Promise<unknown>][] = [
      ['/', (page) => page.locator('.lb-grid .lb-gif--loaded').first().waitFor()],
      [`/gifs/${gifId}`, (page) => page.locator('.lb-gif-media img, .lb-gif-media video').first().waitFor()],
      ['/dashboard', (page) => page.locator('main h1').first().waitFor()],
      ['/upload', (page) => page.getByRole('heading', { name: 'Upload', level: 1 }).waitFor()],
      ['/about', (page) => page.getByRole('heading', { name: 'About Loopbox', level: 1 }).waitFor()],
      ['/apps', (page) => page.getByRole('heading', { name: 'Apps and the API', level: 1 }).waitFor()],
      ['/studios', (page) => page.locator('.lb-studio').first().waitFor()],
      ['/search', (page) => page.getByRole('list', { name: 'Trending searches' }).waitFor()],
      [API_DOCS_PAGE, (page) => page.getByRole('region', { name: 'Reference' }).getByRole('heading', { name: 'Loopbox API' }).waitFor()],
      ['/widgets', (page) => page.locator('#grid .lb-gif--loaded').first().waitFor()],
      ['/labs/pipeline', (page) => page.locator('#send-form button:not([disabled])').waitFor()],
    ];
    for (const [path, ready] of visits) {
      const { page, errors } = await open(path);
      await ready(page);
      // The bootstrap config ran (its inline script carries the nonce).
      expect([path, await page.evaluate(() => typeof (window as { LOOPBOX_CONFIG?: unknown }).LOOPBOX_CONFIG)]).toEqual([path, 'object']);
      expect([path, errors, browser.cspViolations]).toEqual([path, [], []]);
      await page.close();
    }
  });

  it('runs no script injected without the nonce', async () => {
    const { page } = await open('/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as { injectedRan?: boolean }).injectedRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => browser.cspViolations.length).toBe(1);
    expect(browser.cspViolations.splice(0)[0]).toContain(
      "inline script violates the following Content Security Policy directive 'script-src 'self' 'nonce-",
    );
    await page.close();
  });

  it('plays the embed inside another site, and refuses to put the site there', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${hostOrigin}/?frame=${encodeURIComponent(`${server.baseUrl}/embed/${gifId}`)}`);
    const embed = page.frameLocator('iframe');
    await embed.locator('.lb-embed__media').waitFor();
    // Its script ran: hovering shows the header and its actions.
    await page.locator('iframe').hover();
    await embed.locator('.lb-embed--hovered').waitFor();
    expect(browser.cspViolations).toEqual([]);

    await page.goto(`${hostOrigin}/?frame=${encodeURIComponent(`${server.baseUrl}/gifs/${gifId}`)}`);
    await expect.poll(() => browser.cspViolations.length).toBe(1);
    expect(browser.cspViolations.splice(0)[0]).toContain("frame-ancestors 'none'");
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(await framed?.locator('#root').count()).toBe(0);
    await page.close();
  });
});
