/**
 * A visitor's journey through the site in Debian's Chromium, on a 1440 px desktop and a 375 px phone:
 * land on /, scroll the trending grid past two pages, search from the header with tag completion,
 * switch to stickers, open a sticker, copy its embed code, follow a tag, open a GIF and its author's
 * profile, reload a /search/{term}/page/3 address, hit an unknown path. Then the event log must hold
 * the journey's page views and pingbacks, each under the right page type (SPEC 2.3).
 */
import { embedCode } from '@loopbox/pages';
import { PINGBACK_ID_STORAGE_KEY, pageTypeOf } from '@loopbox/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_STEP_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { addJourneyGifs, JOURNEY_TAG, scrollGridPast, type JourneyGifs } from './site-fixtures.ts';

const JOURNEY_TIMEOUT_MS = 240_000;
const PAGE_SIZE = 25;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

type EventRow = { type: string; payload: Record<string, unknown> };

const DEVICES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, userAgent: undefined },
  { name: 'phone', viewport: { width: 375, height: 812 }, userAgent: PHONE_UA },
] as const;

describe.each(DEVICES)('the site on a $name', { timeout: JOURNEY_TIMEOUT_MS }, (device) => {
  let server: TestServer;
  let browser: TestBrowser;
  let journey: JourneyGifs;

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    journey = await addJourneyGifs(server, 3 * PAGE_SIZE + 5);
    // The service worker runs as it would for a visitor: it replays what a page left unsent when a
    // full page load replaced it.
    browser = await launchBrowser({
      serviceWorkers: true,
      ...(device.userAgent ? { extraArgs: [`--user-agent=${device.userAgent}`] } : {}),
    });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
    await journey?.remove();
    await server?.close();
  });

  const heading = (page: Page) => page.locator('main h1').first();
  const apiFirstId = async (query: string) => ((await server.get(`/v1/gifs/search?${query}`)).body.data as { id: string }[])[0]!.id;

  it('lands, scrolls, searches, shares, follows, reloads and gets lost, all counted by page type', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(device.viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Land on the home page and scroll the trending grid past two pages.
    const home = await page.goto(`${server.baseUrl}/`);
    expect(home?.status()).toBe(200);
    expect(await page.title()).toBe('Loopbox - GIFs and stickers to share');
    // A loaded tile in view has reported SEEN.
    await page.locator('.lb-grid .lb-gif--loaded').first().waitFor();
    await page.locator('.lb-carousel .lb-gif--loaded').first().waitFor();
    expect(await scrollGridPast(page, 2 * PAGE_SIZE, E2E_STEP_TIMEOUT_MS)).toBeGreaterThan(2 * PAGE_SIZE);
    await page.evaluate(() => window.scrollTo(0, 0));

    // Search from the header, picking a tag the box completes.
    const box = page.getByRole('combobox', { name: 'Search GIFs and stickers' });
    await box.click();
    await box.pressSequentially('lov', { delay: 30 });
    const option = page.getByRole('option', { name: 'love', exact: true });
    await option.waitFor();
    while ((await option.getAttribute('aria-selected')) !== 'true') await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(`${server.baseUrl}/search/love`);
    await expect.poll(() => heading(page).textContent()).toBe('love GIFs');
    await page.locator('.lb-grid .lb-gif--loaded').first().waitFor();

    // Switch to stickers and open one.
    await page
      .locator('.lb-tabs')
      .getByRole('link', { name: /Stickers/ })
      .click();
    await page.waitForURL(`${server.baseUrl}/search/love/stickers`);
    const sticker = page.locator('.lb-grid .lb-gif').first();
    await sticker.waitFor();
    const stickerId = (await sticker.getAttribute('data-lb-gif-id'))!;
    await sticker.click();
    await page.waitForURL(/\/gifs\/[\w-]+$/);
    const { body: stickerBody } = await server.get(`/v1/gifs/${stickerId}`);
    const wire = stickerBody.data as {
      url: string;
      embed_url: string;
      slug: string;
      title: string;
      images: { original: { width: string; height: string } };
    };
    await expect.poll(() => heading(page).textContent()).toBe(wire.title);
    await page.locator('.lb-gif-media .lb-gif--loaded').waitFor();

    // Copy its embed code: the clipboard holds exactly the code the page shows.
    await page.getByRole('button', { name: 'Copy' }).nth(1).click();
    await page.getByText('Embed code copied').waitFor();
    const pageUrl = `${server.baseUrl}/gifs/${wire.slug}`;
    const expected = embedCode({
      embedUrl: wire.embed_url,
      pageUrl,
      width: Number(wire.images.original.width),
      height: Number(wire.images.original.height),
    });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(await page.getByLabel('Embed code').inputValue()).toBe(expected);

    // Follow a tag.
    const tag = page.locator('.lb-tags a').first();
    const tagText = (await tag.textContent())!.replace(/^#/, '');
    await tag.click();
    await page.waitForURL((url) => url.pathname.startsWith('/search/'));
    await expect.poll(() => heading(page).textContent()).toBe(`${tagText} GIFs`);

    // Open a GIF from another search, then its author's profile.
    await box.fill(JOURNEY_TAG);
    await box.press('Enter');
    await page.waitForURL(`${server.baseUrl}/search/${JOURNEY_TAG}`);
    await page.locator('.lb-grid .lb-gif').first().click();
    await page.waitForURL(/\/gifs\/journey-loop-/);
    await page.locator('.lb-attribution').click();
    await page.waitForURL(`${server.baseUrl}/${journey.username}`);
    await expect.poll(() => heading(page).textContent()).toContain(journey.displayName);
    await page.locator('.lb-grid .lb-gif').first().scrollIntoViewIfNeeded();
    await page.locator('.lb-grid .lb-gif--loaded').first().waitFor();

    // A /search/{term}/page/3 address starts at the 51st result, and comes back there on reload.
    const third = await page.goto(`${server.baseUrl}/search/${JOURNEY_TAG}/page/3`);
    expect(third?.status()).toBe(200);
    expect(await page.title()).toBe(`${JOURNEY_TAG} GIFs - Page 3 - Loopbox`);
    const fiftyFirst = await apiFirstId(`q=${JOURNEY_TAG}&offset=${2 * PAGE_SIZE}&limit=1`);
    for (let visit = 0; visit < 2; visit++) {
      await page.getByText('Showing results from page 3.').waitFor();
      await expect.poll(() => page.locator('.lb-grid .lb-gif').first().getAttribute('data-lb-gif-id')).toBe(fiftyFirst);
      if (visit === 0) await page.reload();
    }
    expect(new URL(page.url()).pathname).toBe(`/search/${JOURNEY_TAG}/page/3`);

    // An unknown path is the 404 page, with status 404.
    const lost = await page.goto(`${server.baseUrl}/no/such/page`);
    expect(lost?.status()).toBe(404);
    await expect.poll(() => heading(page).textContent()).toBe('Page not found');
    expect(await page.title()).toBe('Page not found - Loopbox');

    const userId = await page.evaluate((key) => sessionStorage.getItem(key), PINGBACK_ID_STORAGE_KEY);
    expect(userId).toBeTruthy();
    expect(errors).toEqual([]);

    // The event log: this visitor's page views and pingbacks, by page type.
    const rows = async (type: string) =>
      ((await server.store.db.selectFrom('events').select(['type', 'payload']).where('type', 'like', type).execute()) as EventRow[]).filter(
        (r) => r.payload.user_id === userId,
      );
    const wantedViews = ['home', 'search', 'gifs', 'channel', '404'];
    const missingViews = async () => {
      const types = (await rows('analytics.page_view')).map((r) => pageTypeOf(String(r.payload.page_path)));
      return wantedViews.filter((t) => !types.includes(t as never));
    };
    await expect.poll(missingViews, { timeout: E2E_STEP_TIMEOUT_MS, interval: 500 }).toEqual([]);
    const views = await rows('analytics.page_view');
    const paths = views.map((r) => r.payload.page_path);
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/search/love', '/search/love/stickers', `/gifs/${wire.slug}`, `/${journey.username}`, '/404']),
    );
    expect(views.find((r) => r.payload.page_path === `/search/${JOURNEY_TAG}/page/3`)?.payload.virtual_page_path).toBe(
      `/search/${JOURNEY_TAG}/page/3`,
    );
    expect(paths).not.toContain('/no/such/page');
    // The sticker's copy of its embed code is an Embed event on its stream.
    await expect
      .poll(
        async () =>
          (await rows('analytics.event')).some(
            (r) => r.payload.action === 'Copy' && r.payload.label === 'Embed Code' && r.payload.gif_id === stickerId,
          ),
        { timeout: E2E_STEP_TIMEOUT_MS },
      )
      .toBe(true);

    const wantedPings = [
      ['home', 'GRID'],
      ['home', 'CAROUSEL'],
      ['search', 'GRID'],
      ['gifs', 'GIF'],
      ['channel', 'GRID'],
    ];
    const missingPings = async () => {
      const seen = (await rows('pingback.%')).map((r) => {
        const attributes = r.payload.attributes as { page_path?: string; layout_type?: string };
        return `${pageTypeOf(attributes.page_path ?? '')}/${attributes.layout_type}`;
      });
      return wantedPings.filter(([type, layout]) => !seen.includes(`${type}/${layout}`));
    };
    await expect.poll(missingPings, { timeout: E2E_STEP_TIMEOUT_MS, interval: 500 }).toEqual([]);
    // Every pingback of the journey names its page, and none is counted as unknown.
    expect((await rows('pingback.%')).every((r) => typeof (r.payload.attributes as { page_path?: unknown }).page_path === 'string')).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
