/**
 * Clips in Debian's Chromium at 1440 and 375 px: a clip with sound uploaded by a creator is found by
 * its tag through the search's Clips segment (the GIFs segment says none and offers the clips), its
 * page calls it a Clip and plays it muted with an Unmute button that turns the sound on, `/clips`
 * and the creator's profile list it; no sideways scroll and no serious axe violation on each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { uploadClip } from '../support/clips.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

describe('clips in Chromium', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let creator: TestUser;
  let dir: string;
  let clip: { id: string; slug: string };
  const tag = `cliptag${Date.now().toString(36)}`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-clips-e2e-'));
    server = await startAccountsServer('pglite', { web: true });
    creator = await server.makeUser('creator');
    await server.store.db.updateTable('users').set({ is_public: true }).where('id', '=', creator.userId).execute();
    clip = await uploadClip(server, creator, dir, tag);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(SITE_VIEWPORTS)(
    'finds the clip by search, plays it with sound on its page, and lists it on /clips and the profile ($name)',
    async (viewport) => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const problems: string[] = [];

      await page.goto(`${server.baseUrl}/search/${tag}`);
      const segments = page.getByRole('navigation', { name: 'Result type' });
      await page.getByText(`No GIFs found for “${tag}”`).waitFor();
      await page.getByRole('link', { name: `See 1 clip for “${tag}”` }).waitFor();
      await expect.poll(() => segments.getByRole('link').allTextContents()).toEqual(['GIFs0', 'Stickers0', 'Clips1']);
      await segments.getByRole('link', { name: /Clips/ }).click();
      await page.waitForURL(`${server.baseUrl}/search/${tag}/clips`);
      expect(await segments.getByRole('link', { name: /Clips/ }).getAttribute('aria-current')).toBe('page');
      const tile = page.locator(`main a[href*="${clip.id}"]`).first();
      await tile.waitFor();
      problems.push(...(await layoutAndAxeProblems(page, 'search clips', viewport.width)));
      await tile.click();

      await page.waitForURL(`${server.baseUrl}/gifs/${clip.slug}`);
      await expect.poll(() => page.locator('.lb-gif-page__facts dd').last().textContent()).toBe('Clip');
      const video = page.locator('.lb-gif-media video');
      await video.waitFor();
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      await page.getByRole('button', { name: 'Unmute' }).click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
      await page.getByRole('button', { name: 'Mute' }).waitFor();
      await page.getByRole('heading', { name: 'Related clips' }).waitFor();
      problems.push(...(await layoutAndAxeProblems(page, 'clip page', viewport.width)));

      await page.goto(`${server.baseUrl}/clips`);
      await page.getByRole('heading', { name: 'Clips', level: 1 }).waitFor();
      await page.locator(`main a[href*="${clip.id}"]`).first().waitFor();
      problems.push(...(await layoutAndAxeProblems(page, '/clips', viewport.width)));

      await page.goto(`${server.baseUrl}/${creator.username}`);
      await page.getByRole('heading', { name: 'Clips', level: 2 }).waitFor();
      await page.locator(`section[aria-labelledby="profile-clips"] a[href*="${clip.id}"]`).first().waitFor();

      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
