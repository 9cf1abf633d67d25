/**
 * Verified channels in Debian's Chromium, desktop (1440) and phone (375): a visitor who is not signed
 * in is offered Join and Log in at /apply; signed in, they apply (a bad link is named beside its
 * field first) and the page then says the application waits. Staff find it in the console's Channel
 * applications, with this site's GIF as a tile, approve it with a note: the applicant is mailed,
 * becomes a creator and their profile shows the verified badge. Staff then hide a user and suppress
 * their chrome from the console's Users section, each change in the audit trail. Axe on every screen.
 */
import { APPLY_PAGE } from '@loopbox/pages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

describe('verified channels in the browser', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let staff: TestUser;
  let example: { id: string; title: string };

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true, smtp: true });
    staff = await server.makeUser('staff');
    example = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'title'])
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signInAs = (user?: TestUser) => useSession(browser.context, server.baseUrl, user);
  const open = async (path: string, viewport: { width: number; height: number }) => {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('[data-slot="account"]:not([data-state="loading"])').waitFor();
    return { page, errors };
  };
  const section = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('button', { name, exact: true }).click();

  for (const viewport of SITE_VIEWPORTS) {
    it(`a new user applies at /apply and staff approve it in the console: mail, creator, badge (${viewport.name})`, async () => {
      const problems: string[] = [];
      await signInAs(undefined);
      const { page, errors } = await open(APPLY_PAGE, viewport);
      await page.getByRole('heading', { level: 1, name: 'Apply for a verified channel' }).waitFor();
      await page.getByRole('heading', { name: 'Sign in to apply' }).waitFor();
      expect(await page.locator('main').getByRole('link', { name: 'Join', exact: true }).getAttribute('href')).toBe('/join?next=%2Fapply');
      expect(await page.locator('main').getByRole('link', { name: 'Log in', exact: true }).getAttribute('href')).toBe(
        '/login?next=%2Fapply',
      );
      problems.push(...(await layoutAndAxeProblems(page, `apply signed out ${viewport.name}`, viewport.width)));

      const artist = await server.makeUser('user');
      await signInAs(artist);
      await page.reload();
      const name = `Studio ${viewport.name}`;
      await page.getByLabel('Artist or brand name').fill(name);
      await page.getByLabel('Links to you elsewhere').fill('https://studio.example.test\nftp://not.example.test');
      await page.getByLabel('Examples of your work').fill(`${example.id}\nhttps://elsewhere.example.test/reel`);
      await page.getByLabel('Why you want a verified channel').fill('We make loops for a living.');
      await page.getByRole('button', { name: 'Send application' }).click();
      // The server names the bad field; the page shows it beside that field and moves the focus there.
      await page.getByText('Each link must be an http or https URL').waitFor();
      expect(await page.getByLabel('Links to you elsewhere').getAttribute('aria-invalid')).toBe('true');
      problems.push(...(await layoutAndAxeProblems(page, `apply form with an error ${viewport.name}`, viewport.width)));
      await page.getByLabel('Links to you elsewhere').fill('https://studio.example.test\nhttps://shop.example.test');
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByRole('heading', { name: 'Your application is waiting for the staff' }).waitFor();
      problems.push(...(await layoutAndAxeProblems(page, `apply waiting ${viewport.name}`, viewport.width)));

      await signInAs(staff);
      await page.goto(`${server.baseUrl}/dashboard/moderation`);
      await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
      await section(page, 'Channel applications');
      const card = page.getByRole('article', { name });
      await card.getByText('We make loops for a living.').waitFor();
      await card.getByRole('link', { name: artist.username }).waitFor();
      // This site's GIF is a tile (its moving preview), the other example a plain link.
      await expect.poll(() => card.locator('.lb-mod-application__tile img').count()).toBe(1);
      expect(await card.getByRole('link', { name: 'https://elsewhere.example.test/reel' }).count()).toBe(1);
      problems.push(...(await layoutAndAxeProblems(page, `console applications ${viewport.name}`, viewport.width)));
      await card.getByLabel('Note to the applicant (mailed; needed to refuse)').fill('Welcome aboard');
      await card.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${artist.username} is verified (role creator) and was mailed.` })
        .waitFor();
      await card.waitFor({ state: 'detached' });

      const mail = await server.smtp!.waitFor((m) => m.to === artist.email && m.subject === 'Your Loopbox channel is verified');
      expect(mail.text).toContain('"Welcome aboard"');
      await signInAs(artist);
      await page.goto(`${server.baseUrl}${APPLY_PAGE}`);
      await page.getByRole('heading', { name: 'Your channel is verified' }).waitFor();
      await page.getByRole('link', { name: 'See your channel' }).click();
      await page.getByRole('img', { name: 'Verified' }).first().waitFor();
      expect((await server.call('GET', `/api/v1/users/${artist.userId}/`, { as: artist })).body.data).toMatchObject({
        role: 'creator',
        is_verified: true,
      });
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const viewport of SITE_VIEWPORTS) {
    it(`staff verify, hide and suppress the chrome of a user from the console's Users section, each audited (${viewport.name})`, async () => {
      const person = await server.makeUser('user');
      await signInAs(staff);
      const { page, errors } = await open('/dashboard/moderation', viewport);
      await section(page, 'Users');
      await page.getByLabel('Username').fill(person.username);
      await page.getByRole('button', { name: 'Find' }).click();
      const flags = page.getByRole('group', { name: `Flags of ${person.username}` });
      await flags.getByRole('button', { name: 'Verify' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${person.username}: verified.` })
        .waitFor();
      await flags.getByRole('button', { name: 'Hide profile' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${person.username}: profile hidden.` })
        .waitFor();
      await flags.getByRole('button', { name: 'Suppress chrome' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${person.username}: chrome suppressed.` })
        .waitFor();
      await page.getByText('verified · hidden profile · chrome suppressed').waitFor();
      // Each press undoes itself from the same button.
      await flags.getByRole('button', { name: 'Show profile' }).waitFor();
      expect(await layoutAndAxeProblems(page, `console users ${viewport.name}`, viewport.width)).toEqual([]);
      const trail = (await server.call('GET', `/api/v1/moderation/audit/?target=user:${person.userId}`, { as: staff })).body.data
        .entries as { type: string; payload: { changes: Record<string, unknown> } }[];
      expect(trail.filter((e) => e.type === 'user.flags_changed').map((e) => Object.keys(e.payload.changes))).toEqual([
        ['suppress_chrome'],
        ['is_public'],
        ['is_verified'],
      ]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
