/**
 * Issue 31's whole journey in Debian's Chromium, on desktop (1440) and phone (375): a visitor joins
 * through the mailed link, uploads a GIF (the page says it waits for review), makes a GIF in the
 * maker with a caption longer than the frame (fitted, never cut) and publishes it, and applies for a
 * verified channel. A moderator approves the upload from the review queue (it reaches search) and
 * hides the made GIF (the creator gets the notice in the header and the mail); staff approve the
 * application in the console (the profile shows the badge). Every screen passes axe and scrolls no
 * sideways.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { joinThroughMail } from '../support/join.ts';
import { makeClip, makeGif } from '../support/media-fixtures.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

/** The maker's default caption size cut this at the frame's edges before issue 31. */
const LONG_CAPTION = 'NEWBIE WAS HERE';

describe('contribution journey in Chromium', { timeout: 8 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let dir: string;
  let clip: string;
  let moderator: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-contribution-'));
    server = await startAccountsServer('pglite', { web: true, smtp: true });
    browser = await launchBrowser();
    clip = await makeClip(path.join(dir, 'maker.mp4'), { seconds: 2, size: '320x180' });
    moderator = await server.makeUser('moderator');
    staff = await server.makeUser('staff');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const signInAs = (user?: TestUser) => useSession(browser.context, server.baseUrl, user);
  // Straight to the service: the edge may keep an earlier answer to the same search for its cache's lifetime.
  const searchIds = async (q: string) =>
    ((await server.call('GET', `/v1/gifs/search?api_key=${server.webKey}&q=${q}`, { direct: true })).body.data as { id: string }[]).map(
      (g) => g.id,
    );
  const idFrom = async (link: Locator) => (await link.getAttribute('href'))!.split('/').pop()!;
  const consoleSection = async (page: Page, name: string) => {
    await page.goto(`${server.baseUrl}/dashboard/moderation`);
    await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('button', { name, exact: true }).click();
  };
  /** Picks the queued GIF titled `title` in the review queue and takes `decision` on it. */
  const decide = async (page: Page, title: string, decision: 'Approve' | 'Hide') => {
    await consoleSection(page, 'Review queue');
    const item = page.locator('.lb-mod-queue__item').filter({ hasText: title });
    await item.getByText("new account's upload").waitFor();
    await item.click();
    await page.getByRole('heading', { level: 3, name: title }).waitFor();
    await page.getByRole('group', { name: 'Decision' }).getByRole('button', { name: decision, exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${title}: ${decision.toLowerCase()} done` })
      .waitFor();
  };

  for (const viewport of SITE_VIEWPORTS) {
    it(`joins, uploads, makes and applies; a moderator approves one and hides the other; staff verify the channel (${viewport.name})`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      const problems: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const check = async (label: string) =>
        problems.push(...(await layoutAndAxeProblems(page, `${label} (${viewport.name})`, viewport.width)));

      // A visitor joins through the mailed link.
      await browser.context.clearCookies();
      const username = `newbie${viewport.name}${Date.now() % 100_000}`;
      const email = `${username}@example.test`;
      await page.goto(`${server.baseUrl}/join`);
      await joinThroughMail(page, server, { username, email, password: 'contribution journey passphrase' });
      const creatorCookies = await browser.context.cookies();

      // Uploads a GIF: accepted, open by its link, waiting for review and saying so.
      const word = `kestrel${viewport.name}`;
      const upload = await makeGif(path.join(dir, `${word}.gif`), { seconds: 1 });
      await page.goto(`${server.baseUrl}/upload`);
      await page.getByText(/^New account: each upload waits for a moderator's review/).waitFor();
      await check('/upload');
      await page.getByLabel('Files to upload').setInputFiles(upload);
      await page.getByRole('button', { name: 'Upload 1 file' }).click();
      const item = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').first();
      await item.getByText(/^Waiting for review: anyone with its link can see this GIF now/).waitFor({ timeout: 120_000 });
      const uploaded = await idFrom(item.getByRole('link', { name: 'see the GIF' }));
      const uploadedTitle = (await server.store.db.selectFrom('gifs').select('title').where('id', '=', uploaded).executeTakeFirstOrThrow())
        .title;
      expect((await server.call('GET', `/v1/gifs/${uploaded}?api_key=${server.webKey}`, { direct: true })).status).toBe(200);
      expect(await searchIds(word)).not.toContain(uploaded);

      // Makes a GIF in the maker with a caption wider than the frame at the default size: wrapped or shrunk, never cut.
      await page.goto(`${server.baseUrl}/create`);
      await page.getByRole('heading', { name: 'GIF Maker', level: 1 }).waitFor();
      await page.getByLabel('Upload a video or GIF').setInputFiles(clip);
      await page.getByLabel('Preview of the segment').waitFor();
      await page.getByRole('link', { name: 'Next: Trim' }).click();
      await page.getByRole('link', { name: 'Next: Caption' }).click();
      await page.getByRole('button', { name: 'Add caption' }).click();
      await page.getByLabel('Text').fill(LONG_CAPTION);
      const lines = page.locator('.lb-maker__caption .lb-maker__line');
      await expect.poll(async () => (await lines.allTextContents()).join(' ')).toBe(LONG_CAPTION);
      const stage = (await page.locator('.lb-maker__stage').boundingBox())!;
      const caption = (await page.locator('.lb-maker__caption').boundingBox())!;
      expect([caption.x >= stage.x, caption.x + caption.width <= stage.x + stage.width]).toEqual([true, true]);
      await check('GIF maker caption');
      await page.goto(`${server.baseUrl}/create/gifmaker/details`);
      const madeTitle = `Newbie made ${viewport.name}`;
      await page.getByLabel('Title').fill(madeTitle);
      await page.getByRole('button', { name: 'Publish' }).click();
      const publishedLink = page.getByRole('link', { name: 'Published: see your GIF' });
      await publishedLink.waitFor({ timeout: 120_000 });
      await page.getByText(/Waiting for review: anyone with its link can see this GIF now/).waitFor();
      const made = await idFrom(publishedLink);
      await check('GIF maker published');

      // Applies for a verified channel.
      const studio = `Newbie Studio ${viewport.name}`;
      await page.goto(`${server.baseUrl}/apply`);
      await page.getByLabel('Artist or brand name').fill(studio);
      await page.getByLabel('Links to you elsewhere').fill('https://newbie.example.test');
      await page.getByLabel('Examples of your work').fill(uploaded);
      await page.getByLabel('Why you want a verified channel').fill('I loop birds.');
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByRole('heading', { name: 'Your application is waiting for the staff' }).waitFor();
      await check('/apply waiting');

      // A moderator approves the upload (it reaches search) and hides the made GIF.
      await signInAs(moderator);
      await decide(page, uploadedTitle, 'Approve');
      await expect.poll(() => searchIds(word), { timeout: 30_000 }).toContain(uploaded);
      await decide(page, madeTitle, 'Hide');
      await check('review queue');
      expect((await server.call('GET', `/v1/gifs/${made}?api_key=${server.webKey}`, { direct: true })).status).toBe(410);

      // The creator is told: a mail, and a notice counted in the header.
      const mail = await server.smtp!.waitFor((m) => m.to === email && m.subject === 'The moderators hid your GIF');
      expect(mail.text).toContain(madeTitle);
      await browser.context.clearCookies();
      await browser.context.addCookies(creatorCookies);
      await page.goto(`${server.baseUrl}/`);
      await page
        .locator('header.lb-site-header')
        .getByRole('link', { name: /^Notices: \d+ unread$/ })
        .click();
      await page.waitForURL(`${server.baseUrl}/dashboard/notices`);
      const hidden = page.locator('[data-kind="hidden"]');
      await hidden.getByText('The moderators hid your GIF').waitFor();
      expect(await hidden.getByRole('link').first().getAttribute('href')).toBe(`/gifs/${made}`);
      await page.locator('[data-kind="approved"]').getByText('Your GIF was approved').waitFor();
      await check('notices');

      // Staff approve the application: the creator's channel shows the verified badge.
      await signInAs(staff);
      await consoleSection(page, 'Channel applications');
      const card = page.getByRole('article', { name: studio });
      await card.getByText('I loop birds.').waitFor();
      await card.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${username} is verified (role creator) and was mailed.` })
        .waitFor();
      await check('channel applications');
      await server.smtp!.waitFor((m) => m.to === email && m.subject === 'Your Loopbox channel is verified');
      await browser.context.clearCookies();
      await browser.context.addCookies(creatorCookies);
      await page.goto(`${server.baseUrl}/apply`);
      await page.getByRole('heading', { name: 'Your channel is verified' }).waitFor();
      await page.getByRole('link', { name: 'See your channel' }).click();
      await page.getByRole('img', { name: 'Verified' }).first().waitFor();
      await check('verified profile');

      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
