/**
 * A creator in Debian's Chromium against `npm start`'s wiring, on desktop and phone: signs in from
 * the upload page's redirect, uploads three files at once through the dashboard's resumable upload
 * (one refused with a clear message), watches their progress, finds the GIF on their profile, tags
 * it in two languages and finds it by one, sets its call to action, removes another and sees it gone
 * from search and the profile; sees their private and hidden GIFs with a banner where anyone else gets
 * the 404 and 410 pages, and a taken-down GIF as a tombstone; every creator page passes axe on desktop
 * and phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { joinThroughMail } from '../support/join.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { makeClip, makeGif } from '../support/media-fixtures.ts';
import { layoutAndAxeProblems } from './site-fixtures.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

describe('creator journey in Chromium', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let dir: string;
  /** The three files each journey uploads: its own clip name, so its searches are its own. */
  let files: (viewport: string) => string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-journey-'));
    server = await startAccountsServer('pglite', { web: true, smtp: true });
    browser = await launchBrowser();
    const otter = await makeGif(path.join(dir, 'otter.gif'), { seconds: 1 });
    const clip = await makeClip(path.join(dir, 'clip.mp4'), { seconds: 1, size: '320x180' });
    const misnamed = path.join(dir, 'broken.mp4');
    fs.copyFileSync(otter, misnamed);
    files = (viewport) => {
      const named = path.join(dir, `seal${viewport}.mp4`);
      fs.copyFileSync(clip, named);
      return [otter, named, misnamed];
    };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Straight to the service: the edge may keep an earlier answer to the same search for its cache's lifetime.
  const idsOf = async (q: string, lang?: string) =>
    (
      await server.call('GET', `/v1/gifs/search?api_key=${server.webKey}&q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`, {
        direct: true,
      })
    ).body.data.map((g: { id: string }) => g.id) as string[];

  const PASSWORD = 'creator journey passphrase';
  /** A session of the given user in the browser (for pages checked without the sign-in journey). */
  const signInAs = (user?: TestUser) => useSession(browser.context, server.baseUrl, user);

  it.each(VIEWPORTS)(
    'signs in, uploads, finds it on the profile, tags in two languages, sets a CTA and removes ($name)',
    async (viewport) => {
      await browser.context.clearCookies();
      const creator = await server.makeUser('creator', { password: PASSWORD });
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('dialog', (dialog) => void dialog.accept());

      // The upload page sends a visitor to sign in, then back.
      await page.goto(`${server.baseUrl}/upload`);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/upload');
      await page.getByLabel('Username or e-mail').fill(creator.username);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.baseUrl}/upload`);
      await page.getByRole('heading', { name: 'Upload', level: 1 }).waitFor();
      // The quota is on the page (issue 30, item 4), and counts what was sent once the uploads end.
      const quota = page.getByLabel('Your upload quota');
      await expect.poll(() => quota.textContent()).toBe('0 of 5 uploads in progress · 0 bytes of 1 GB today · 0 of 2 URLs being fetched');
      await page.getByLabel('Files to upload').setInputFiles(files(viewport.name));
      const items = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
      await expect.poll(() => items.count()).toBe(3);
      await page.getByLabel('Tags (comma-separated)').first().fill('otter, journey');
      await page.getByRole('button', { name: 'Upload 3 files' }).click();

      const otterItem = items.filter({ hasText: 'otter.gif' });
      const seal = `seal${viewport.name}`;
      const sealItem = items.filter({ hasText: `${seal}.mp4` });
      const brokenItem = items.filter({ hasText: 'broken.mp4' });
      await brokenItem.getByText('Failed: The file is named .mp4 but is a GIF: its name and content disagree').waitFor();
      await otterItem.getByText('Ready:').waitFor({ timeout: 90_000 });
      await sealItem.getByText('Ready:').waitFor({ timeout: 90_000 });
      expect(await otterItem.getByRole('progressbar', { name: 'Transfer of otter.gif' }).getAttribute('value')).toBe('1');
      expect(await otterItem.getByRole('progressbar', { name: 'Processing of otter.gif' }).getAttribute('value')).toBe('1');
      const otterId = (await otterItem.getByRole('link', { name: 'see the GIF' }).getAttribute('href'))!.split('/').pop()!;
      const sealId = (await sealItem.getByRole('link', { name: 'see the GIF' }).getAttribute('href'))!.split('/').pop()!;
      expect((await server.call('GET', `/v1/gifs/${otterId}`)).body.data.tags).toEqual(['otter', 'journey']);
      await expect.poll(() => quota.textContent()).toMatch(/^0 of 5 uploads in progress · [\d.]+ (kB|MB) of 1 GB today/);

      // Both GIFs are on the creator's profile.
      const profile = await browser.context.newPage();
      await profile.setViewportSize(viewport);
      await profile.goto(`${server.baseUrl}/${creator.username}`);
      await profile.locator(`a[href*="${otterId}"]`).first().waitFor();
      await profile.locator(`a[href*="${sealId}"]`).first().waitFor();

      // My GIFs: language tags in Spanish and French, then a call to action.
      await otterItem.getByRole('link', { name: 'edit it in My GIFs' }).click();
      const editor = page.locator(`[data-gif-id="${otterId}"]`);
      await editor.getByRole('button', { name: 'Close editor' }).waitFor();
      const languageForm = editor.getByRole('form', { name: 'Language tags' });
      await languageForm.getByLabel('Language', { exact: true }).selectOption('es');
      await languageForm.getByLabel('Tags in that language (comma-separated)').fill('nutria, marina');
      await languageForm.getByRole('button', { name: 'Add language tags' }).click();
      await editor.getByRole('button', { name: 'Remove es tag nutria' }).waitFor();
      await languageForm.getByLabel('Language', { exact: true }).selectOption('fr');
      await languageForm.getByLabel('Tags in that language (comma-separated)').fill('loutre');
      await languageForm.getByRole('button', { name: 'Add language tags' }).click();
      await editor.getByRole('button', { name: 'Remove fr tag loutre' }).waitFor();
      expect(await idsOf('nutria', 'es')).toContain(otterId);
      expect(await idsOf('loutre', 'fr')).toContain(otterId);
      expect(await idsOf('nutria')).not.toContain(otterId);

      const cta = editor.getByRole('form', { name: 'Call to action' });
      await cta.getByLabel('Link').fill('https://example.test/otters');
      await cta.getByLabel('Text (empty removes it)').fill('Adopt an otter');
      await cta.getByRole('button', { name: 'Save call to action' }).click();
      await editor.getByText('Call to action saved').waitFor();
      expect((await server.call('GET', `/v1/gifs/${otterId}`)).body.data.cta).toEqual({
        link: 'https://example.test/otters',
        text: 'Adopt an otter',
      });

      // Remove the clip: it leaves My GIFs and search at once.
      expect(await idsOf(seal)).toContain(sealId);
      const sealRow = page.locator(`[data-gif-id="${sealId}"]`);
      await sealRow.getByRole('button', { name: 'Edit' }).click();
      await sealRow.getByRole('button', { name: 'Remove GIF' }).click();
      await sealRow.waitFor({ state: 'detached' });
      expect(await idsOf(seal)).not.toContain(sealId);
      await page.goto(`${server.baseUrl}/search/${seal}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator(`a[href*="${sealId}"]`).count()).toBe(0);
      await profile.reload();
      await profile.locator(`a[href*="${otterId}"]`).first().waitFor();
      expect(await profile.locator(`a[href*="${sealId}"]`).count()).toBe(0);
      expect(errors).toEqual([]);
      await profile.close();
      await page.close();
    },
  );

  it('shows the owner their private and hidden GIFs with a banner, anyone else the 404 and 410 pages, and a takedown as a tombstone in My GIFs', async () => {
    const owner = await server.makeUser('creator');
    const [priv, hidden, takenDown] = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'slug', 'title'])
      .where('type', '=', 'gif')
      .where('is_hidden', '=', false)
      .where('is_removed', '=', false)
      .orderBy('id')
      .limit(3)
      .execute();
    await server.store.db
      .updateTable('gifs')
      .set({ user_id: owner.userId })
      .where('id', 'in', [priv!.id, hidden!.id, takenDown!.id])
      .execute();
    // Private through the owner's own edit; hidden and taken down as a moderator's and staff's decisions leave them.
    expect((await server.call('PATCH', `/api/v1/gifs/${priv!.id}/`, { as: owner, json: { visibility: 'private' } })).status).toBe(200);
    await server.store.db.updateTable('gifs').set({ moderation_state: 'hidden' }).where('id', '=', hidden!.id).execute();
    await server.store.db.updateTable('gifs').set({ removal: 'takedown' }).where('id', '=', takenDown!.id).execute();
    const phone = VIEWPORTS[1]!;
    const page = await browser.context.newPage();
    await page.setViewportSize(phone);
    const errors: string[] = [];
    const problems: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const visit = async (gif: { slug: string }) => (await page.goto(`${server.baseUrl}/gifs/${gif.slug}`))!;
    const banner = page.locator('main [role="status"].lb-state-banner');

    await signInAs(owner);
    const served = await visit(priv!);
    expect([served.status(), served.headers()['cache-control']]).toEqual([200, 'private, no-store']);
    await page.getByRole('heading', { level: 1, name: priv!.title }).waitFor();
    expect(await banner.innerText()).toMatch(/^Private\s+Only you and staff can see this GIF\.$/);
    await page.locator('.lb-gif-media img, .lb-gif-media video').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Related GIFs' }).count()).toBe(0);
    problems.push(...(await layoutAndAxeProblems(page, 'private GIF page', phone.width)));
    // Away and back within the app: the public API refuses it, the GIF the server gave stays.
    // On a phone the header's browse links are in its Menu.
    await page.locator('header.lb-site-header').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'GIFs', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/trending-gifs`);
    await page.goBack();
    await banner.getByText('Only you and staff can see this GIF.').waitFor();
    expect(await visit(hidden!).then((r) => r.status())).toBe(200);
    await banner.getByText('Hidden by moderators', { exact: true }).waitFor();

    await page.goto(`${server.baseUrl}/dashboard`);
    const tombstone = page.locator(`[data-gif-id="${takenDown!.id}"]`);
    await tombstone.getByText(`“${takenDown!.title}”`).waitFor();
    expect(await tombstone.innerText()).toContain('Taken down');
    expect(await tombstone.locator('img, button, input').count()).toBe(0);
    await page.locator(`[data-gif-id="${priv!.id}"]`).getByText('Only you and staff can see this GIF.').waitFor();
    problems.push(...(await layoutAndAxeProblems(page, 'My GIFs', phone.width)));

    await browser.context.clearCookies();
    for (const [gif, status, heading] of [
      [priv!, 404, 'Page not found'],
      [hidden!, 410, 'GIF hidden'],
      [takenDown!, 451, 'Unavailable for legal reasons'],
    ] as const) {
      expect([gif.id, (await visit(gif)).status()]).toEqual([gif.id, status]);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await banner.count()).toBe(0);
      if (status !== 404) problems.push(...(await layoutAndAxeProblems(page, `${status} page`, phone.width)));
    }
    // Reached within the app, a refused GIF is its error page too.
    await page.goto(`${server.baseUrl}/trending-gifs`);
    await page.locator('main h1').first().waitFor();
    await page.evaluate((path) => history.pushState(null, '', path), `/gifs/${hidden!.slug}`);
    await page.getByRole('heading', { level: 1, name: 'GIF hidden' }).waitFor();
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(VIEWPORTS)(
    'lets a new account join and upload: it waits for review, and the pages say who sees it meanwhile ($name)',
    async (viewport) => {
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const username = testUsername('newbie');
      await page.goto(`${server.baseUrl}/join`);
      await joinThroughMail(page, server, { username, email: `${username}@example.test`, password: 'new account passphrase' });
      const problems: string[] = [];

      await page.goto(`${server.baseUrl}/upload`);
      await page.getByRole('heading', { name: 'Upload', level: 1 }).waitFor();
      await page.getByText(/^New account: each upload waits for a moderator's review/).waitFor();
      await expect
        .poll(() => page.getByLabel('Your upload quota').textContent())
        .toBe('0 of 2 uploads in progress · 0 bytes of 100 MB today · 0 of 1 URL being fetched');
      // Stories and the scheduler stay a creator's: not in a new account's dashboard navigation.
      const dashboardNav = page.getByRole('navigation', { name: 'Dashboard' });
      await dashboardNav.getByRole('link', { name: 'My GIFs' }).waitFor();
      expect([
        await dashboardNav.getByRole('link', { name: 'Stories' }).count(),
        await dashboardNav.getByRole('link', { name: 'Scheduled' }).count(),
      ]).toEqual([0, 0]);
      problems.push(...(await layoutAndAxeProblems(page, `/upload ${viewport.name}`, viewport.width)));
      await page.getByLabel('Files to upload').setInputFiles(files(viewport.name)[0]!);
      await page.getByRole('button', { name: 'Upload 1 file' }).click();
      const item = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').first();
      await item.getByText('Ready:').waitFor({ timeout: 90_000 });
      await item.getByText(/^Waiting for review: anyone with its link can see this GIF now/).waitFor();
      const id = (await item.getByRole('link', { name: 'see the GIF' }).getAttribute('href'))!.split('/').pop()!;
      expect((await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`, { direct: true })).status).toBe(200);
      expect(await idsOf('otter')).not.toContain(id);

      // Its page: the owner sees the banner; anyone else sees the GIF without it.
      await page.goto(`${server.baseUrl}/gifs/${id}`);
      await page
        .getByRole('status')
        .filter({ hasText: 'In review (link works)' })
        .getByText(/^Waiting for review:/)
        .waitFor();
      problems.push(...(await layoutAndAxeProblems(page, `/gifs/${id} ${viewport.name}`, viewport.width)));
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.locator(`[data-gif-id="${id}"]`).getByText('In review (link works)').first().waitFor();
      problems.push(...(await layoutAndAxeProblems(page, `/dashboard ${viewport.name}`, viewport.width)));
      const anyone = await server.call('GET', `/gifs/${id}`, { direct: true });
      expect({ status: anyone.status, banner: anyone.text.includes('Waiting for review') }).toEqual({ status: 200, banner: false });
      expect(errors).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each(VIEWPORTS)('has no serious or critical axe violation on the creator pages ($name)', async (viewport) => {
    const found: string[] = [];
    await signInAs(await server.makeUser('creator'));
    for (const pagePath of ['/upload', '/dashboard', '/dashboard/analytics', '/artists']) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`${server.baseUrl}${pagePath}`);
      expect(response?.status(), pagePath).toBe(200);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      if (pagePath.startsWith('/dashboard') || pagePath === '/upload')
        expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible(), pagePath).toBe(true);
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
        found.push(`${pagePath} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect([pagePath, errors]).toEqual([pagePath, []]);
      await page.close();
    }
    expect(found).toEqual([]);
  });
});
