/**
 * The search-report queue and /transparency in Debian's Chromium, desktop (1440) and phone (375).
 * A visitor and a user report a two-word search; a moderator finds it under Reported searches with
 * its reasons and the visitor's words, shows its GIFs, hides one, blocks the term from trending and
 * resolves it saying so; the term leaves the queue, the GIF leaves search, and the audit trail,
 * filtered by the two words, names the moderator and "an anonymous visitor". Then anyone reads the
 * month's figures at /transparency, its tables readable on a phone. axe clean at both widths.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

/** Each width's reported search: two words that a seeded GIF's title holds. */
const TERMS = { desktop: 'zebu dance', phone: 'quagga trot' } as const;

describe('the search-report queue and /transparency in the browser', { timeout: 400_000 }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let moderator: TestUser;
  let user: TestUser;
  const gifs: Record<string, string> = {};

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true });
    moderator = await server.makeUser('moderator');
    user = await server.makeUser('user');
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .where('rating', '=', 'g')
      .orderBy('id')
      .limit(2)
      .execute();
    for (const [i, width] of (['desktop', 'phone'] as const).entries()) {
      gifs[width] = rows[i]!.id;
      await server.store.db
        .updateTable('gifs')
        .set({ title: `Reported ${TERMS[width]}` })
        .where('id', '=', rows[i]!.id)
        .execute();
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signInAs = (who?: TestUser) => useSession(browser.context, server.baseUrl, who);
  const searchIds = async (q: string) =>
    ((await server.call('GET', `/v1/gifs/search?q=${encodeURIComponent(q)}`)).body.data as { id: string }[]).map((g) => g.id);
  const section = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('button', { name, exact: true }).click();

  for (const viewport of SITE_VIEWPORTS) {
    it(`a moderator resolves a reported search from the queue, and the audit trail names who did what (${viewport.name})`, async () => {
      const term = TERMS[viewport.name];
      const gif = gifs[viewport.name]!;
      expect(await searchIds(term)).toContain(gif);
      expect(
        (
          await server.call('POST', '/ajax/report-search', {
            json: {
              reasons: ['offensive', 'violent'],
              search_term: term,
              search_content_type: 'gifs',
              additional_info: 'The second row is gory',
            },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await server.call('POST', '/ajax/report-search', {
            as: user,
            json: { reasons: ['offensive'], search_term: term.toUpperCase(), search_content_type: 'gifs' },
          })
        ).status,
      ).toBe(201);

      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signInAs(moderator);
      await page.goto(`${server.baseUrl}/dashboard/moderation`);
      await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
      await section(page, 'Reported searches');
      const card = page.getByRole('article', { name: `“${term}” 2 reports` });
      await card.waitFor();
      await card.getByText('offensive 2 · violent 1').waitFor();
      await card.locator('summary').click();
      await card.getByText('by an anonymous visitor: offensive, violent on gifs — “The second row is gory”').waitFor();
      expect(await card.getByRole('link', { name: `Open the search “${term}”` }).getAttribute('href')).toBe(
        `/search/${term.replace(' ', '-')}`,
      );
      await card.getByRole('button', { name: `Show its GIFs for “${term}”` }).click();
      const hide = card.getByRole('button', { name: /^Hide / }).first();
      await hide.waitFor();
      expect(await layoutAndAxeProblems(page, `reported searches ${viewport.name}`, viewport.width)).toEqual([]);

      // Hide the GIF the search shows, block the term from trending, resolve saying so.
      const results = card.getByRole('region', { name: `Results of “${term}”` });
      const ours = results.getByRole('listitem').filter({ has: page.locator(`img[src*="${gif}"]`) });
      await ours.getByRole('button', { name: /^Hide/ }).click();
      await ours.getByRole('button', { name: /^Hidden/ }).waitFor();
      await card.getByRole('button', { name: `Block from trending “${term}”` }).click();
      await card.getByRole('button', { name: `Blocked from trending “${term}”` }).waitFor();
      await card.getByRole('button', { name: `Resolve: action taken on “${term}”` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${term}”: 2 reports resolved.` })
        .waitFor();
      await card.waitFor({ state: 'detached' });
      expect(await searchIds(term)).not.toContain(gif);

      // The audit trail by the two words: the resolution by the moderator, the reports by a visitor and a user.
      await section(page, 'Audit trail');
      await page.getByLabel('Target kind').selectOption('search');
      await page.getByLabel('Target id or term').fill(term.toUpperCase());
      await page.getByRole('button', { name: 'Show' }).click();
      const entries = page.locator('.lb-mod-audit li');
      // The whole trail shows until the filtered one arrives, and its newest entry is this resolution too.
      await expect
        .poll(async () => {
          const shown = await entries.allTextContents();
          return shown.length > 0 && shown.every((line) => line.includes(`search:${term}`));
        })
        .toBe(true);
      const lines = await entries.allTextContents();
      expect(lines).toHaveLength(3);
      expect(lines[0]).toContain(
        `search.reports_resolved on search:${term} by ${moderator.username} (moderator) — resolution: act · reason: blocked from trending; hid 1 GIF (${gif})`,
      );
      expect(lines[1]).toContain(`search.reported on search:${term} by ${user.username} (user)`);
      expect(lines[2]).toContain(`search.reported on search:${term} by an anonymous visitor`);
      expect(await layoutAndAxeProblems(page, `audit ${viewport.name}`, viewport.width)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const viewport of SITE_VIEWPORTS) {
    it(`anyone reads the month's moderation figures at /transparency (${viewport.name})`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signInAs(undefined);
      const answer = await page.goto(`${server.baseUrl}/transparency`);
      expect(answer?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Transparency' }).waitFor();
      expect(await page.title()).toBe('Transparency - Loopbox');
      const months = page.getByRole('table', { name: /^Moderation since / });
      const thisMonth = new Date().toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      const row = months.getByRole('row', { name: new RegExp(`^${thisMonth}`) });
      // Both widths' searches: 4 reports giving 6 reasons, 2 GIFs hidden.
      expect((await row.getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['0', '6', '2']);
      const reasons = page.getByRole('table', { name: 'Reports by reason, the last 12 months' });
      expect(
        await reasons
          .getByRole('row', { name: /^offensive/ })
          .getByRole('cell')
          .allTextContents(),
      ).toEqual(['0', '4']);
      await page.getByLabel('Period').selectOption({ label: thisMonth });
      await page
        .getByRole('table', { name: `Decisions by kind, ${thisMonth}` })
        .getByRole('row', { name: /^Search reports: acted on/ })
        .getByText('4')
        .waitFor();
      expect(await layoutAndAxeProblems(page, `transparency ${viewport.name}`, viewport.width)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
