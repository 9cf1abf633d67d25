/**
 * Moderation in Debian's Chromium, desktop (1440) and phone (375). A visitor reports a GIF from its
 * page; a moderator finds it first in the staff console's review queue and hides it with the `h`
 * key, and at once it is gone from search and its embed answers the neutral 410 card. Staff file a
 * takedown in the console (an unknown id first: nothing applied, a status per item), with e-mail,
 * and the owner's mail arrives at the test SMTP server. Staff also use the search service (and its
 * CSV), user management, the audit trail and trending-term blocks. A creator gets the 403 page.
 * Every section of the console and the report dialog pass axe at both widths.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { projectTrendingTerm } from '../support/trending.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

/** A word of its own in each GIF's title, so a search finds exactly that GIF. */
const WORDS = { desktop: { reported: 'wombat', takenDown: 'narwhal' }, phone: { reported: 'okapi', takenDown: 'ibex' } } as const;

describe('moderation in the browser', { timeout: 400_000 }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let moderator: TestUser;
  let staff: TestUser;
  let owner: TestUser;
  /** Seeded GIFs with a word of their own: one per width reported and hidden, one per width taken down. */
  const reported: Record<string, string> = {};
  const takenDown: Record<string, string> = {};
  /** A GIF reported from its embed's share menu. */
  let embedded = '';

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true, smtp: true });
    moderator = await server.makeUser('moderator');
    staff = await server.makeUser('staff');
    owner = await server.makeUser('creator');
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .where('rating', '=', 'g')
      .orderBy('id')
      .limit(5)
      .execute();
    embedded = rows[4]!.id;
    for (const [i, width] of (['desktop', 'phone'] as const).entries()) {
      reported[width] = rows[i]!.id;
      takenDown[width] = rows[i + 2]!.id;
      await server.store.db
        .updateTable('gifs')
        .set({ title: `Console ${WORDS[width].reported}`, user_id: owner.userId })
        .where('id', '=', rows[i]!.id)
        .execute();
      await server.store.db
        .updateTable('gifs')
        .set({ title: `Takedown ${WORDS[width].takenDown}`, user_id: owner.userId })
        .where('id', '=', rows[i + 2]!.id)
        .execute();
    }
    await projectTrendingTerm(server.store.db, 'consoleterm');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signInAs = (user?: TestUser) => useSession(browser.context, server.baseUrl, user);
  const searchIds = async (q: string) =>
    ((await server.call('GET', `/v1/gifs/search?q=${q}`)).body.data as { id: string }[]).map((g) => g.id);
  const openConsole = async (page: Page) => {
    await page.goto(`${server.baseUrl}/dashboard/moderation`);
    await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
  };
  const section = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('button', { name, exact: true }).click();

  for (const viewport of SITE_VIEWPORTS) {
    it(`a visitor reports a GIF from its page; a moderator hides it with the h key and it leaves search and its embed at once (${viewport.name})`, async () => {
      const id = reported[viewport.name]!;
      const word = WORDS[viewport.name].reported;
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await signInAs(undefined);
      await page.goto(`${server.baseUrl}/gifs/${id}`);
      await page.getByRole('button', { name: 'Report this GIF' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this GIF' });
      await dialog.getByLabel('Spam').check();
      await dialog.getByLabel('Anything the moderators should know (optional)').fill(`Posted everywhere (${viewport.name})`);
      expect(await layoutAndAxeProblems(page, `report dialog ${viewport.name}`, viewport.width)).toEqual([]);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Thank you: the moderators will look at this GIF.').waitFor();
      const reports = await sql<{ reason: string; note: string }>`SELECT reason, note FROM gif_reports WHERE gif_id = ${id}`.execute(
        server.store.db,
      );
      expect(reports.rows).toEqual([{ reason: 'spam', note: `Posted everywhere (${viewport.name})` }]);
      expect(await searchIds(word)).toEqual([id]);
      expect((await server.call('GET', `/embed/${id}`)).status).toBe(200);

      await signInAs(moderator);
      await openConsole(page);
      const first = page.locator('.lb-mod-queue__item').first();
      await expect.poll(() => first.textContent()).toContain(`Console ${word}`);
      await expect.poll(() => first.getAttribute('aria-current')).toBe('true');
      await page.getByRole('heading', { level: 3, name: `Console ${word}` }).waitFor();
      await page.getByText('Posted everywhere').first().waitFor();
      expect(await page.locator('.lb-mod-keys').textContent()).toMatch(/a Approve.*h Hide.*r Remove.*j Next/);
      expect(await layoutAndAxeProblems(page, `queue ${viewport.name}`, viewport.width)).toEqual([]);
      await page.locator('main').focus();
      await page.keyboard.press('h');
      await page
        .getByRole('status')
        .filter({ hasText: `Console ${word}: hide done (now hidden).` })
        .waitFor();
      // At once: the next search and the embed already answer without it.
      expect(await searchIds(word)).toEqual([]);
      const embed = await server.call('GET', `/embed/${id}`);
      expect([embed.status, embed.text.includes('This GIF is no longer available')]).toEqual([410, true]);
      await expect
        .poll(() => page.locator('.lb-mod-queue__item').allTextContents())
        .not.toContainEqual(expect.stringContaining(`Console ${word}`));
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const viewport of SITE_VIEWPORTS) {
    it(`staff file a takedown with e-mail and the owner's mail arrives; every console section passes axe (${viewport.name})`, async () => {
      const id = takenDown[viewport.name]!;
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signInAs(staff);
      await openConsole(page);

      await section(page, 'Takedown');
      await page.getByLabel('GIF id 1').fill(id);
      await page.getByLabel('Reason 1').selectOption('copyright');
      await page.getByRole('button', { name: 'Add a GIF' }).click();
      await page.getByLabel('GIF id 2').fill('nosuchgif0');
      await page.getByLabel('E-mail each owner the GIFs taken down').check();
      await page.getByLabel('Note (optional)').fill(`Console takedown (${viewport.name})`);
      expect(await layoutAndAxeProblems(page, `takedown ${viewport.name}`, viewport.width)).toEqual([]);
      await page.getByRole('button', { name: 'File the takedown' }).click();
      await page.getByText('Nothing was taken down').waitFor();
      expect(await page.locator('.lb-mod-list li').allTextContents()).toEqual([
        `${id} (copyright): not applied`,
        'nosuchgif0 (copyright): not found',
      ]);
      expect((await server.call('GET', `/embed/${id}`)).status).toBe(200);

      await page.getByRole('button', { name: 'Remove row 2' }).click();
      await page.getByRole('button', { name: 'File the takedown' }).click();
      await page.getByText(/Takedown \d+ owners mailed: 1 removed, 1 owner mailed\./).waitFor();
      expect(await page.locator('.lb-mod-list li').allTextContents()).toEqual([`${id} (copyright): removed`]);
      const mail = await server.smtp!.waitFor((m) => m.to.includes(owner.email) && m.text.includes(id), 15_000);
      expect(mail.text).toContain(`Console takedown (${viewport.name})`);
      expect((await server.call('GET', `/embed/${id}`)).status).toBe(451);

      // The search service finds the taken-down GIF, and its CSV link carries the same filters.
      await section(page, 'Search');
      await page.getByLabel('State').selectOption('taken_down');
      await page.getByLabel('Username').fill(owner.username);
      await page.getByRole('button', { name: 'Search', exact: true }).last().click();
      await page.getByRole('rowheader', { name: new RegExp(`Takedown ${WORDS[viewport.name].takenDown}`) }).waitFor();
      const csv = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      expect(csv).toBe(`/api/v1/search-service/csv/?username=${owner.username}&state=taken_down`);
      const exported = await server.call('GET', csv!, { as: staff });
      expect(exported.text.split('\r\n')[0]).toBe(
        'id,title,type,rating,username,tags,state,visibility,moderation_state,is_removed,nsfw_score,reports,create_datetime',
      );
      expect(exported.text).toContain(id);
      expect(await layoutAndAxeProblems(page, `search ${viewport.name}`, viewport.width)).toEqual([]);
      await page.getByRole('button', { name: new RegExp(`Takedown ${WORDS[viewport.name].takenDown}`) }).click();
      await page.getByRole('heading', { level: 4, name: 'History' }).waitFor();
      await page.getByText('gif.moderated', { exact: false }).first().waitFor();

      // Users: find the owner, warn them (mailed), change a fresh account's role.
      await section(page, 'Users');
      const person = await server.makeUser('user');
      await page.getByLabel('Username').fill(person.username);
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByText(`${person.username} (id ${person.userId})`).waitFor();
      await page.getByLabel('New role').selectOption('creator');
      await page.getByRole('button', { name: 'Change role' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${person.username} is now creator.` })
        .waitFor();
      await page.getByLabel('Account action').selectOption('suspend');
      await page.getByLabel('Reason (mailed to the person)').fill('Spamming the console test');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').filter({ hasText: 'the account is suspended' }).waitFor();
      await page.getByText(/suspended since/).waitFor();
      expect((await server.call('GET', '/login/check', { as: person })).body.loggedInStatus).toBe(false);
      expect(await layoutAndAxeProblems(page, `users ${viewport.name}`, viewport.width)).toEqual([]);

      // The audit trail of that account, and of the staff member as actor.
      await section(page, 'Audit trail');
      await page.getByLabel('Target kind').selectOption('user');
      await page.getByLabel('Target id or term').fill(String(person.userId));
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByText('account.moderated', { exact: false }).first().waitFor();
      await page.getByText('role.changed', { exact: false }).first().waitFor();
      await page.getByLabel('Target id or term').fill('');
      await page.getByLabel('Actor (user id)').fill(String(staff.userId));
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByText('takedown.filed', { exact: false }).first().waitFor();
      expect(await layoutAndAxeProblems(page, `audit ${viewport.name}`, viewport.width)).toEqual([]);

      // Trending searches: block the top term, it leaves the list and the public trending searches.
      await section(page, 'Trending searches');
      const term = viewport.name === 'desktop' ? 'consoleterm' : 'phonetermblocked';
      if (viewport.name === 'desktop') await page.getByRole('button', { name: 'Block “consoleterm” from trending' }).click();
      else {
        await page.getByLabel('Block a term').fill(term);
        await page.getByRole('button', { name: 'Block', exact: true }).last().click();
      }
      await page
        .getByRole('status')
        .filter({ hasText: `“${term}” blocked from trending searches.` })
        .waitFor();
      await page.getByRole('button', { name: `Unblock “${term}”` }).waitFor();
      expect((await server.call('GET', '/v1/trending/searches?limit=20')).body.data as string[]).not.toContain('consoleterm');
      expect(await layoutAndAxeProblems(page, `trending ${viewport.name}`, viewport.width)).toEqual([]);

      await section(page, 'Review queue');
      expect(await layoutAndAxeProblems(page, `queue (staff) ${viewport.name}`, viewport.width)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("the rating select of a GIF's detail starts at the GIF's own rating (pg-13), not the first rating", async () => {
    const [row] = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('type', '=', 'gif')
      .where('rating', '=', 'g')
      .orderBy('id')
      .offset(5)
      .limit(1)
      .execute();
    await server.store.db
      .updateTable('gifs')
      .set({ title: 'Rated ferret', rating: 'pg-13', user_id: owner.userId })
      .where('id', '=', row!.id)
      .execute();
    await signInAs(staff);
    const page = await browser.context.newPage();
    await openConsole(page);
    await section(page, 'Search');
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Rating').selectOption('pg-13');
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await page.getByRole('button', { name: 'Rated ferret' }).click();
    const detail = page.getByRole('article', { name: 'Rated ferret' });
    await detail.getByRole('heading', { level: 4, name: 'History' }).waitFor();
    expect(await detail.getByLabel('Rating').inputValue()).toBe('pg-13');
    await page.close();
  });

  it("a visitor reports a GIF from the embed's share menu, anonymously, and the form passes axe", async () => {
    await signInAs(undefined);
    const page = await browser.context.newPage();
    await page.goto(`${server.baseUrl}/embed/${embedded}`);
    await page.mouse.move(100, 100);
    await page.click('.lb-embed__share-toggle');
    await page.locator('.lb-embed__share').waitFor();
    await page.getByText('Report this GIF').click();
    await page.getByLabel('Reason').selectOption('copyright');
    await page.getByLabel('Note (optional)').fill('My own clip');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you: the moderators will look at it.').waitFor();
    const reports = await sql<{
      reason: string;
      note: string;
      reporter: string;
    }>`SELECT reason, note, reporter FROM gif_reports WHERE gif_id = ${embedded}`.execute(server.store.db);
    expect(reports.rows.map((r) => [r.reason, r.note])).toEqual([['copyright', 'My own clip']]);
    await page.close();
  });

  it('the standalone renderGrid with onGifReport shows a Report button per tile that calls back with the GIF, and passes axe', async () => {
    await signInAs(undefined);
    const page = await browser.context.newPage();
    await page.goto(`${server.baseUrl}/widgets`);
    // A string, so the test runner does not rewrite the page's own dynamic import.
    const reported = await page.evaluate<string>(`(async () => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = '/lib/widgets/styles.css';
      document.head.append(link);
      const host = document.createElement('div');
      host.id = 'report-grid';
      document.body.prepend(host);
      const { renderGrid } = await import('/lib/widgets/render-grid.js');
      return new Promise((resolve) => {
        renderGrid({ width: 600, columns: 3, fetchGifs: (offset) => fetch('/v1/gifs/trending?api_key=${server.webKey}&limit=6&offset=' + offset).then((r) => r.json()), onGifReport: (gif) => resolve(gif.id) }, host);
        const press = () => {
          const button = host.querySelector('.lb-gif__report');
          if (button) button.click();
          else setTimeout(press, 100);
        };
        press();
      });
    })()`);
    const first = await page.locator('#report-grid .lb-gif').first().getAttribute('data-lb-gif-id');
    expect(reported).toBe(first);
    const results = await new AxeBuilder({ page }).include('#report-grid').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.close();
  });

  it('shows anyone else the refusal page: a creator gets 403, a visitor the login page; a moderator sees no staff sections', async () => {
    const page = await browser.context.newPage();
    await signInAs(owner);
    const refused = await page.goto(`${server.baseUrl}/dashboard/moderation`);
    expect(refused?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    await signInAs(undefined);
    await page.goto(`${server.baseUrl}/dashboard/moderation`);
    await page.waitForURL(/\/login\?next=%2Fdashboard%2Fmoderation/);
    await signInAs(moderator);
    await openConsole(page);
    const sections = await page.getByRole('navigation', { name: 'Console sections' }).getByRole('button').allTextContents();
    expect(sections).toEqual(['Review queue', 'Reported searches', 'Audit trail', 'Trending searches']);
    await page.close();
  });
});
