/**
 * The analytics page (/dashboard/analytics) in Debian's Chromium against a real seeded server: known
 * pingbacks, searches and page views appended to the log and folded, then the figures the page renders
 * (read from its data tables) checked exactly, the window selector, the error state and an
 * accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner } from '../../apps/server/src/analytics/runner.ts';
import { append, pageView, pingback, search } from '../analytics/fixtures.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { staffSessionCookies } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const DAY_MS = 86_400_000;
const noonUtc = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`).getTime();
const daysAgo = (n: number) => new Date(noonUtc - n * DAY_MS);
const dateOf = (n: number) => daysAgo(n).toISOString().slice(0, 10);

describe('analytics page in Chromium', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let browser: TestBrowser;
  let gifs: { id: string; title: string }[];

  beforeAll(async () => {
    // The charts are under test, not the trending rule (tests/api/trending-searches.test.ts): one searcher suffices.
    server = await startTestServer('pglite', { web: true, env: { TRENDING_MIN_SEARCHERS: '1' } });
    browser = await launchBrowser();
    // The page is for signed-in creators and staff: the browser carries a staff session.
    await browser.context.addCookies(await staffSessionCookies(server.store.db, server.baseUrl));
    gifs = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'title'])
      .where('is_removed', '=', false)
      .orderBy('id')
      .limit(3)
      .execute();
    const [a, b, c] = gifs.map((g) => g.id) as [string, string, string];
    await append(server.store.db, [
      ...Array.from({ length: 3 }, () => pingback('seen', a, daysAgo(0), { pagePath: '/gifs/x' })),
      pingback('click', a, daysAgo(0), { pagePath: '/gifs/x' }),
      pingback('seen', b, daysAgo(1), { pagePath: '/' }),
      pingback('hover', b, daysAgo(1), { pagePath: '/' }),
      pingback('hover', b, daysAgo(1), { pagePath: '/' }),
      pingback('start', c, daysAgo(1)),
      pingback('seen', b, daysAgo(40), { pagePath: '/' }),
      search('cats', 'r1', daysAgo(1), 3, 'searcher-a'),
      search('cats', 'r2', daysAgo(0), 3, 'searcher-b'),
      search('dogs', 'r3', daysAgo(0), 3, 'searcher-c'),
      pageView('/', daysAgo(0)),
      pageView('/', daysAgo(0)),
      pageView('/search/cats', daysAgo(1), { virtualPagePath: '/search/cats/page/1' }),
    ]);
    await createProjectionRunner(server.store.db).catchUp();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query = '', setup?: (page: Page) => Promise<unknown>) {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await setup?.(page);
    await page.goto(`${server.baseUrl}/dashboard/analytics${query}`);
    return { page, errors };
  }

  /** A chart's data table, row by row, as the cells' text. */
  const table = (page: Page, chart: string) =>
    page.$$eval(`[data-chart="${chart}"] tbody tr`, (rows) =>
      rows.map((r) => [...r.children].map((cell) => cell.textContent?.trim() ?? '')),
    );
  const shown = (page: Page, days: number) => page.waitForSelector(`.lb-analytics__charts[data-days="${days}"]`);

  it('renders the logged figures in every chart for the chosen window', async () => {
    const { page, errors } = await open('?days=7');
    await shown(page, 7);
    const views = await table(page, 'views');
    expect(views).toHaveLength(7);
    expect(views.map((r) => r[0])).toEqual([6, 5, 4, 3, 2, 1, 0].map(dateOf));
    expect(views.filter((r) => r.slice(1).some((n) => n !== '0'))).toEqual([
      [dateOf(1), '1', '0', '2', '1'],
      [dateOf(0), '3', '1', '0', '0'],
    ]);
    const [a, b] = gifs;
    expect(await table(page, 'top-gifs')).toEqual([
      [a!.title || a!.id, a!.id, '3'],
      [b!.title || b!.id, b!.id, '1'],
    ]);
    expect(await table(page, 'top-searches')).toEqual([
      ['cats', '2'],
      ['dogs', '1'],
    ]);
    // Page type, GIF views, clicks, hovers, starts, page views.
    expect(await table(page, 'page-types')).toEqual([
      ['gifs', '3', '1', '0', '0', '0'],
      ['home', '1', '0', '2', '0', '2'],
      ['search', '0', '0', '0', '0', '1'],
      ['unknown', '0', '0', '0', '1', '0'],
    ]);
    // One line per counter and still thumbnails from the public API beside the top GIFs.
    expect(await page.locator('[data-chart="views"] svg[role="img"] polyline').count()).toBe(4);
    await page.waitForFunction(() => document.querySelectorAll('[data-chart="top-gifs"] li img[src*="/media/"]').length === 2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches the window and keeps it in the address', async () => {
    const { page, errors } = await open();
    await shown(page, 30);
    expect(await table(page, 'views')).toHaveLength(30);
    await page.getByLabel('90 days').check();
    await shown(page, 90);
    expect(new URL(page.url()).searchParams.get('days')).toBe('90');
    expect(await table(page, 'views')).toHaveLength(90);
    // The view 40 days ago is inside 90 days only.
    expect((await table(page, 'top-gifs')).map((r) => r[2])).toEqual(['3', '2']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says when the figures cannot be loaded and tries again on request', async () => {
    let failing = true;
    const { page } = await open('?days=30', (p) =>
      p.route('**/api/v1/analytics/series/**', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ meta: { status: 500, msg: 'Internal error' } }),
            })
          : route.continue(),
      ),
    );
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Could not load analytics: Internal error');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await shown(page, 30);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it("opens one GIF's figures (?gif=) and shows its views, clicks and actions", async () => {
    const [a] = gifs;
    const { page, errors } = await open(`?gif=${a!.id}&days=7`);
    await page.getByRole('region', { name: `Figures of GIF ${a!.id}` }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
    const views = await table(page, 'views');
    expect(views).toHaveLength(7);
    // Date, views, clicks, hovers, starts: the three views and the click of today.
    expect(views.filter((r) => r.slice(1).some((n) => n !== '0'))).toEqual([[dateOf(0), '3', '1', '0', '0']]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a 375 px phone on the dark theme: no sideways scroll, the page and its chart cards on the dark tokens', async () => {
    const { page, errors } = await open('?days=30');
    await page.setViewportSize({ width: 375, height: 800 });
    await shown(page, 30);
    await page.waitForFunction(() => document.querySelectorAll('[data-chart="top-gifs"] li img[src*="/media/"]').length === 2);
    const look = await page.evaluate(() => {
      // A token resolved the way the browser paints it, to compare with computed colours.
      const paint = (token: string) => {
        const probe = document.createElement('div');
        probe.style.background = `var(${token})`;
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      };
      const background = (selector: string) => getComputedStyle(document.querySelector(selector)!).backgroundColor;
      return {
        overflow: document.documentElement.scrollWidth - innerWidth,
        page: background('.lb-analytics'),
        cards: [...document.querySelectorAll('.lb-analytics [data-chart]')].map((card) => getComputedStyle(card).backgroundColor),
        surface: paint('--lb-surface'),
        transparent: 'rgba(0, 0, 0, 0)',
      };
    });
    expect(look.overflow).toBeLessThanOrEqual(0);
    // The analytics region adds no panel of its own (it was white): it shows the site's dark ground.
    expect(look.page).toBe(look.transparent);
    expect(look.cards).toEqual([look.surface, look.surface, look.surface, look.surface]);
    expect(look.surface).not.toBe('rgb(255, 255, 255)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility violations', async () => {
    const { page } = await open('?days=7');
    await shown(page, 7);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });
});
