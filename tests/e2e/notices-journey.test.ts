/**
 * Notices in Debian's Chromium, on desktop and phone: after a moderator hides a creator's GIF, the
 * site header shows the creator one unread notice; its link opens /dashboard/notices, which names
 * the GIF (linked), what was done and why; marking it read clears the header's count; My GIFs shows
 * the GIF hidden. Every page passes axe and scrolls no sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

describe('notices in Chromium', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(SITE_VIEWPORTS)(
    'counts an unread notice in the header, lists it with its GIF and reason, and marks it read ($name)',
    async (viewport) => {
      const creator = await server.makeUser('creator');
      const moderator = await server.makeUser('moderator');
      const gif = await server.store.db
        .selectFrom('gifs')
        .select(['id', 'title'])
        .where('type', '=', 'gif')
        .where('is_hidden', '=', false)
        .where('is_removed', '=', false)
        .orderBy('id')
        .offset(viewport.width === 375 ? 1 : 0)
        .limit(1)
        .executeTakeFirstOrThrow();
      await server.store.db.updateTable('gifs').set({ user_id: creator.userId }).where('id', '=', gif.id).execute();
      const reason = `Spam links in the caption (${viewport.name})`;
      expect(
        (await server.call('POST', `/api/v1/gifs/${gif.id}/moderation`, { as: moderator, json: { action: 'hide', reason } })).status,
      ).toBe(200);

      await useSession(browser.context, server.baseUrl, creator);
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      const problems: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto(`${server.baseUrl}/`);
      const header = page.locator('header.lb-site-header');
      const unread = header.getByRole('link', { name: 'Notices: 1 unread' });
      await unread.waitFor();
      expect(await unread.innerText()).toContain('1');
      problems.push(...(await layoutAndAxeProblems(page, `home with a notice (${viewport.name})`, viewport.width)));

      await unread.click();
      await page.waitForURL(`${server.baseUrl}/dashboard/notices`);
      await page.getByRole('heading', { level: 1, name: 'Notices' }).waitFor();
      const notice = page.locator('[data-kind="hidden"]');
      await notice.getByText('The moderators hid your GIF').waitFor();
      expect(await notice.innerText()).toContain(`Reason: ${reason}`);
      expect(await notice.getByRole('link').getAttribute('href')).toBe(`/gifs/${gif.id}`);
      await notice.getByText('Hidden by moderators').waitFor();
      problems.push(...(await layoutAndAxeProblems(page, `notices page (${viewport.name})`, viewport.width)));

      await notice.getByRole('button', { name: 'Mark read' }).click();
      await header.getByRole('link', { name: 'Notices', exact: true }).waitFor();
      await page.locator('[data-kind="hidden"][data-read="true"]').waitFor();
      expect(await page.getByRole('button', { name: 'Mark read' }).count()).toBe(0);

      // My GIFs says what the moderators did, not what the owner once chose.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My GIFs' }).click();
      const item = page.locator(`li[data-gif-id="${gif.id}"]`);
      await item.getByText('Hidden by moderators', { exact: true }).waitFor();
      expect(await item.locator('.lb-state-badge').innerText()).toBe('Hidden by moderators');
      problems.push(...(await layoutAndAxeProblems(page, `My GIFs (${viewport.name})`, viewport.width)));

      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
