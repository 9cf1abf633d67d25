/**
 * The main screens at 1440 and 375 px in Debian's Chromium, each held to its baseline screenshot
 * (tests/e2e/screenshots/{screen}-{width}.png, see tests/support/visual.ts) and to axe (no serious
 * or critical violation) with no sideways scroll; the embed at 480×480. Staff is signed in where the
 * screen needs someone. The data is fixed (screen-fixtures.ts dates what it writes on one day) and
 * the browser's clock is set to the day after, so relative times read the same on every run; media
 * and anything marked `data-volatile` is masked. A page longer than 2400 px is kept to its first
 * 2400 px. Update the baselines on purpose: UPDATE_SCREENSHOTS=1 npx vitest run tests/e2e/visual.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID_PRELOAD_MARGIN } from '../../apps/web/src/site/feeds/layout.ts';
import { startAccountsServer, type AccountsServer } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { expectScreenshot, type ScreenshotOptions, waitForGridsToSettle } from '../support/visual.ts';
import { FIXTURE_DATE, prepareScreens, type ScreenFixtures } from './screen-fixtures.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

const EMBED_VIEWPORT = { width: 480, height: 480 };
/** The site's grids start their next page this far before their end (GRID_PRELOAD_MARGIN, `800px 0px`). */
const GRID_PRELOAD_MARGIN_PX = Number.parseInt(GRID_PRELOAD_MARGIN, 10);
/** The browser's clock during the screenshots: a day after everything the fixtures dated. */
const BROWSER_NOW = new Date(Date.parse(FIXTURE_DATE) + 24 * 3600_000);

interface Screen {
  name: string;
  path: (f: ScreenFixtures) => string;
  signedIn?: boolean;
  screenshot?: ScreenshotOptions;
}

const SCREENS: Screen[] = [
  // Trending's order follows views, which this suite's own visits add to, and the feed grows as it is
  // scrolled: the first screen is kept with the feed masked; the sticker row's tiles are left out (its
  // edge tile mounts only once in view, and a mask would follow it past the row's clip).
  { name: 'home', path: () => '/', screenshot: { viewportOnly: true, mask: ['.lb-site-feed'], hide: ['.lb-site-carousel .lb-carousel'] } },
  { name: 'search', path: () => '/search/cats' },
  { name: 'gif', path: (f) => `/gifs/${f.gif.slug}` },
  { name: 'profile', path: (f) => `/${f.author}` },
  { name: 'login', path: () => '/login' },
  { name: 'upload', path: () => '/upload', signedIn: true },
  { name: 'my-gifs', path: () => '/dashboard', signedIn: true },
  // The whole site's figures count this suite's own visits over a window ending today (server time):
  // their dates, charts and length change from run to run, so the first screen is kept, figures masked.
  {
    name: 'analytics',
    path: () => '/dashboard/analytics',
    signedIn: true,
    screenshot: { viewportOnly: true, mask: ['.lb-analytics__status', '.lb-analytics__charts'] },
  },
  { name: 'story-editor', path: () => '/dashboard/stories', signedIn: true },
  { name: 'moderation', path: () => '/dashboard/moderation', signedIn: true },
  { name: 'developers', path: () => '/dashboard/developers', signedIn: true },
  { name: 'settings', path: () => '/settings', signedIn: true },
];

describe('main screens look as their baselines', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let fixtures: ScreenFixtures;

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true });
    fixtures = await prepareScreens(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, viewport: { width: number; height: number }, signedIn: boolean) {
    await useSession(browser.context, server.baseUrl, signedIn ? fixtures.staff : undefined);
    const page = await browser.context.newPage();
    await page.clock.setFixedTime(BROWSER_NOW);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}${path}`);
    return { page, errors };
  }

  for (const viewport of SITE_VIEWPORTS)
    for (const screen of SCREENS)
      it(`${screen.name} at ${viewport.width} px`, async () => {
        const path = screen.path(fixtures);
        const { page, errors } = await open(path, viewport, screen.signedIn ?? false);
        await page.locator('main:visible').first().waitFor();
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
        await waitForGridsToSettle(page, GRID_PRELOAD_MARGIN_PX);
        const problems = await layoutAndAxeProblems(page, `${path} (${viewport.width})`, viewport.width);
        // The screenshot first: a baseline is written (with UPDATE_SCREENSHOTS=1) even while axe or the layout fails.
        await expectScreenshot(page, `${screen.name}-${viewport.width}`, screen.screenshot);
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      });

  it('the embed at 480×480', async () => {
    const { page, errors } = await open(`/embed/${fixtures.gif.id}`, EMBED_VIEWPORT, false);
    await page.locator('video, img').first().waitFor({ state: 'attached' });
    const problems = await layoutAndAxeProblems(page, 'embed', EMBED_VIEWPORT.width);
    await expectScreenshot(page, 'embed-480');
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
