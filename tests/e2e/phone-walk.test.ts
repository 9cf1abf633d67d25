/**
 * Every page of the site at 375 px in Debian's Chromium, signed out and signed in as staff (who see
 * the dashboards and consoles): none may scroll sideways, overlap the header's controls, leave a
 * control in the browser's default look, or offer a header target smaller than 44×44 px
 * (phone-checks.ts says precisely what each check holds and what is exempt). The moderation
 * console is walked section by section. Every problem is listed at once, named by page and element.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { phoneProblems } from './phone-checks.ts';
import { prepareScreens, sitePages, type ScreenFixtures } from './screen-fixtures.ts';

const PHONE = { width: 375, height: 812 };

describe('every page at 375 px', { timeout: 12 * E2E_TEST_TIMEOUT_MS }, () => {
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

  async function settle(page: Page) {
    // A looping video or a poll can keep the network busy: idle is waited for, not required.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    // The API reference keeps a hidden <main> of the site beside its own.
    await page.locator('main:visible').first().waitFor({ timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  }

  async function walk(paths: string[]): Promise<string[]> {
    const problems: string[] = [];
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    let current = '';
    page.on('pageerror', (error) => problems.push(`${current}: page error ${error.message}`));
    for (const path of paths) {
      current = path;
      try {
        await page.goto(`${server.baseUrl}${path}`);
        await settle(page);
      } catch (error) {
        const shown = await page
          .locator('body')
          .innerText()
          .catch(() => '');
        problems.push(
          `${path}: did not load (${(error as Error).message.split('\n')[0]}); it shows "${shown.replace(/\s+/g, ' ').slice(0, 160)}"`,
        );
        continue;
      }
      problems.push(...(await phoneProblems(page, path)));
      if (path === '/dashboard/moderation') problems.push(...(await walkConsoleSections(page, path)));
    }
    await page.close();
    return problems;
  }

  async function walkConsoleSections(page: Page, path: string): Promise<string[]> {
    const problems: string[] = [];
    const sections = page.getByRole('navigation', { name: 'Console sections' }).getByRole('button');
    const names = await sections.allInnerTexts();
    expect(names.length, 'the console lists its sections').toBeGreaterThan(1);
    for (const section of names) {
      await sections.filter({ hasText: section }).first().click();
      await settle(page);
      problems.push(...(await phoneProblems(page, `${path} (${section.trim()})`)));
    }
    return problems;
  }

  it('signed out, no public page fails a phone check', async () => {
    await useSession(browser.context, server.baseUrl);
    const paths = sitePages(fixtures)
      .filter((p) => !p.signedIn)
      .map((p) => p.path);
    expect(await walk(paths)).toEqual([]);
  });

  it('signed in as staff, no page, dashboard or console fails a phone check', async () => {
    await useSession(browser.context, server.baseUrl, fixtures.staff);
    const paths = sitePages(fixtures).map((p) => p.path);
    expect(await walk(paths)).toEqual([]);
  });
});
