/**
 * Channels in Debian's Chromium. A creator builds a channel with two children in the editor
 * (/dashboard/channels), reorders the children by dragging, fills the feed with a magic tag (the
 * update job followed to DONE), adds a ranked tag and drags a GIF to the front of the feed. Then a
 * visitor, on a 1440 px desktop and a 375 px phone, browses the channel page by page and searches
 * inside it; the event log holds their page views under the channel page type with SPEC 2.3's
 * virtual page paths. Every channel page and the editor pass axe at both widths.
 */
import AxeBuilder from '@axe-core/playwright';
import { pageTypeOf, PINGBACK_ID_STORAGE_KEY } from '@loopbox/sdk';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { E2E_STEP_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { TEST_MEDIA_DIR } from '../support/corpus.ts';
import { addJourneyGifs, JOURNEY_TAG, scrollGridPast, type JourneyGifs } from './site-fixtures.ts';

const PAGE_SIZE = 25;
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

describe('channels in the browser', { timeout: 300_000 }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let journey: JourneyGifs;
  let creator: TestUser;
  let editor: BrowserContext;
  const slug = testUsername('brand').replace(/_/g, '-');
  const names = { root: 'Journey Brand', a: 'Child A', b: 'Child B' };
  let feedBefore: string[];

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true, jobs: { intervalMs: 100 } });
    journey = await addJourneyGifs({ store: server.store, mediaDir: TEST_MEDIA_DIR }, 3 * PAGE_SIZE + 5);
    creator = await server.makeUser('creator');
    browser = await launchBrowser();
    // The editor's browser: signed in as the creator by their session cookies.
    await useSession(browser.context, server.baseUrl, creator);
    editor = browser.context;
  });
  afterAll(async () => {
    await browser?.close();
    await journey?.remove();
    await server?.close();
  });

  const heading = (page: Page) => page.locator('main h1').first();
  const channelOf = async () => (await server.call('GET', `/api/v4/channels?slug=${slug}`)).body.data as { id: number; flush_uuid: string };
  const feed = async (id: number, offset = 0) =>
    ((await server.call('GET', `/api/v4/channels/${id}/feed/?offset=${offset}&limit=${PAGE_SIZE}`)).body.data as { id: string }[]).map(
      (g) => g.id,
    );
  const children = async (id: number) =>
    ((await server.call('GET', `/api/v4/channels/${id}/children/`)).body.data as { display_name: string }[]).map((c) => c.display_name);

  it('a creator builds a channel with two children, reorders them, fills the feed by magic tag and reorders it', async () => {
    const page = await editor.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The editor is one click away from the header's account menu.
    const home = await page.goto(`${server.baseUrl}/`);
    expect(home?.status()).toBe(200);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('link', { name: 'Your channels' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/channels`);
    await expect.poll(() => heading(page).textContent()).toBe('Your channels');
    await page.getByText('You have no channels yet').waitFor();

    const newChannel = page.locator('form').filter({ has: page.getByRole('heading', { name: 'New channel' }) });
    const create = async (name: string, address: string) => {
      await newChannel.getByLabel('Name', { exact: true }).fill(name);
      await newChannel.getByLabel('Address (slug)').fill(address);
      await newChannel.getByRole('button', { name: 'Create channel' }).click();
      await page.locator('.lb-editor__tree-row', { hasText: name }).waitFor();
      await expect.poll(() => page.locator('.lb-editor__title').textContent()).toContain(name);
    };
    await create(names.root, slug);
    const tree = page.getByRole('navigation', { name: 'Channel tree' });
    await create(names.a, `${slug}-a`);
    await tree.getByRole('button', { name: names.root, exact: true }).click();
    await expect.poll(() => page.locator('.lb-editor__title').textContent()).toContain(names.root);
    await create(names.b, `${slug}-b`);
    const root = await channelOf();
    expect(await children(root.id)).toEqual([names.a, names.b]);

    // Drag Child B onto the top of Child A: it goes before it.
    const rowOf = (name: string) => page.locator('.lb-editor__tree-row', { has: page.getByRole('button', { name, exact: true }) });
    await rowOf(names.b).dragTo(rowOf(names.a), { targetPosition: { x: 40, y: 2 } });
    await expect.poll(() => children(root.id)).toEqual([names.b, names.a]);
    // And back with the arrow.
    await page.getByRole('button', { name: `Move ${names.a} up` }).click();
    await expect.poll(() => children(root.id)).toEqual([names.a, names.b]);

    // The root: a magic tag fills the feed through an update job the editor follows to the end.
    await tree.getByRole('button', { name: names.root, exact: true }).click();
    await expect.poll(() => page.locator('.lb-editor__title').textContent()).toContain(names.root);
    await page.getByLabel('New magic tag').fill(JOURNEY_TAG);
    await page.getByLabel('New magic tag').press('Enter');
    const status = page.locator('.lb-editor__job');
    await expect
      .poll(
        async () => {
          const text = (await status.textContent()) ?? '';
          if (text.includes('Still working')) await page.getByRole('button', { name: 'Check again' }).click();
          return text;
        },
        { timeout: E2E_STEP_TIMEOUT_MS },
      )
      .toContain(`Feed updated: ${3 * PAGE_SIZE + 5} GIFs added`);
    await page.getByLabel('New ranked tag').fill('loop');
    await page.getByLabel('New ranked tag').press('Enter');
    await page.locator('.lb-editor__tag-list', { hasText: 'loop' }).waitFor();

    // Drag the third GIF of the feed to the front.
    feedBefore = await feed(root.id);
    const thumbs = page.locator('.lb-editor__feed-list li');
    await expect.poll(() => thumbs.count()).toBeGreaterThan(3);
    await thumbs.nth(2).dragTo(thumbs.nth(0));
    await expect.poll(async () => (await feed(root.id))[0]).toBe(feedBefore[2]);
    // The star makes a feed GIF the channel's featured GIF (its tile on the parent's page).
    const featured = page.locator(`.lb-editor__feed-list li[data-gif="${feedBefore[0]}"]`).getByRole('button', { name: /^Feature / });
    await featured.click();
    await expect
      .poll(
        async () =>
          ((await server.call('GET', `/api/v4/channels/${root.id}`)).body.data as { featured_gif?: { id: string } }).featured_gif?.id,
      )
      .toBe(feedBefore[0]);
    await expect.poll(() => featured.getAttribute('aria-pressed')).toBe('true');
    // A GIF removed by hand stays out, though it carries the magic tag.
    await thumbs
      .last()
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect
      .poll(async () => (await server.call('GET', `/api/v4/channels/${root.id}/feed/?limit=1`)).body.pagination.total_count)
      .toBe(3 * PAGE_SIZE + 4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(VIEWPORTS)('a visitor browses the channel page by page and searches inside it ($name)', async (viewport) => {
    // The service worker runs as for any visitor: it replays what a page left unsent when a full load replaced it.
    const visitor = await launchBrowser({ serviceWorkers: true });
    try {
      const page = await visitor.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const root = await channelOf();
      const landed = await page.goto(`${server.baseUrl}/${slug}`);
      expect(landed?.status()).toBe(200);
      expect(await page.title()).toBe(`${names.root} GIFs - Loopbox`);
      await expect.poll(() => heading(page).textContent()).toBe(names.root);
      const tiles = page.getByRole('heading', { name: `Channels in ${names.root}` });
      await tiles.waitFor();
      expect(await page.locator('.lb-category-card__name').allTextContents()).toEqual([names.a, names.b]);
      await page
        .getByRole('list', { name: `Tags of ${names.root}` })
        .getByRole('link', { name: 'loop' })
        .waitFor();
      await expect.poll(() => page.locator('.lb-grid .lb-gif').first().getAttribute('data-lb-gif-id')).toBe(feedBefore[2]);

      // Scrolling the feed moves the address to the page in view.
      expect(await scrollGridPast(page, 2 * PAGE_SIZE, E2E_STEP_TIMEOUT_MS)).toBeGreaterThan(2 * PAGE_SIZE);
      await page.waitForURL(new RegExp(`/channels/${slug}/page/[23]$`));

      // An addressed page starts at its offset and survives a reload.
      await page.goto(`${server.baseUrl}/channels/${slug}/page/2`);
      expect(await page.title()).toBe(`${names.root} GIFs - Page 2 - Loopbox`);
      const twentySixth = (await feed(root.id, PAGE_SIZE))[0];
      await page.getByText('Showing the feed from page 2.').waitFor();
      await expect.poll(() => page.locator('.lb-grid .lb-gif').first().getAttribute('data-lb-gif-id')).toBe(twentySixth);

      // A child's tile opens the child; the search box searches inside the channel.
      await page.goto(`${server.baseUrl}/${slug}`);
      await page.getByRole('link', { name: names.a }).click();
      await page.waitForURL(`${server.baseUrl}/${slug}-a`);
      await expect.poll(() => heading(page).textContent()).toBe(names.a);
      await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: names.root }).click();
      await page.waitForURL(`${server.baseUrl}/${slug}`);
      const search = page.getByRole('searchbox', { name: `Search ${names.root}` });
      await search.fill('journey loop');
      await search.press('Enter');
      // Polled rather than waitForURL, so a miss names the address the page went to instead.
      await expect.poll(() => new URL(page.url()).pathname, { timeout: E2E_STEP_TIMEOUT_MS }).toBe(`/channel/${slug}/search/journey-loop`);
      await expect.poll(() => heading(page).textContent()).toBe(`journey loop in ${names.root}`);
      await page.locator('.lb-grid .lb-gif--loaded').first().waitFor();

      const userId = await page.evaluate((key) => sessionStorage.getItem(key), PINGBACK_ID_STORAGE_KEY);
      const views = async () =>
        (await server.db.selectFrom('events').select('payload').where('type', '=', 'analytics.page_view').execute())
          .map((r) => r.payload as Record<string, string>)
          .filter((p) => p.user_id === userId);
      const want = [
        { page_path: `/${slug}`, virtual_page_path: `/channels/${slug}/page/1` },
        { page_path: `/channels/${slug}/page/2`, virtual_page_path: `/channels/${slug}/page/2` },
        { page_path: `/channel/${slug}/search/journey-loop`, virtual_page_path: `/channel/${slug}/search/journey-loop/page/1` },
      ];
      const missing = async () => {
        const seen = await views();
        return want
          .filter((w) => !seen.some((v) => v.page_path === w.page_path && v.virtual_page_path === w.virtual_page_path))
          .map(
            (w) => `${w.page_path} ${w.virtual_page_path} not in ${JSON.stringify(seen.map((v) => [v.page_path, v.virtual_page_path]))}`,
          );
      };
      await expect.poll(missing, { timeout: E2E_STEP_TIMEOUT_MS, interval: 500 }).toEqual([]);
      for (const view of await views()) expect([view.page_path, pageTypeOf(view.page_path!)]).toEqual([view.page_path, 'channel']);
      // GIFs seen in the feed: pingbacks with the feed's event type, counted under the channel page type.
      const feedPings = async () =>
        (await server.db.selectFrom('events').select('payload').where('type', 'like', 'pingback.%').execute())
          .map((r) => r.payload as { user_id?: string; event_type?: string; attributes?: { page_path?: string } })
          .filter((p) => p.user_id === userId && p.event_type === 'GIF_CHANNEL' && pageTypeOf(p.attributes?.page_path ?? '/') === 'channel')
          .length;
      await expect.poll(feedPings, { timeout: E2E_STEP_TIMEOUT_MS, interval: 500 }).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it.each(VIEWPORTS)(
    'has no serious or critical axe violation and no sideways scroll on the channel pages and the editor ($name)',
    async (viewport) => {
      const found: string[] = [];
      for (const path of [`/${slug}`, `/channels/${slug}/page/2`, `/channel/${slug}/search/journey`, '/dashboard/channels']) {
        const page = await editor.newPage();
        await page.setViewportSize(viewport);
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('main h1').first().waitFor();
        if (path === '/dashboard/channels') {
          await page.getByRole('button', { name: names.root, exact: true }).click();
          await page.locator('.lb-editor__feed-list li').first().waitFor();
        } else {
          await page.locator('.lb-grid .lb-gif').first().waitFor();
        }
        const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        if (width > viewport.width) found.push(`${path} scrolls sideways: ${width} px wide`);
        const results = await new AxeBuilder({ page }).analyze();
        for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
          found.push(`${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        await page.close();
      }
      expect(found).toEqual([]);
    },
  );
});
