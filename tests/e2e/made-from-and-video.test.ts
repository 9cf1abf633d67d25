/**
 * In Debian's Chromium, at 1440 and 375 px, axe clean: a GIF made from another shows "Made from
 * {title} by @user" on its page, linking the source and its author, and says nothing once the
 * source is private; its creator attaches a YouTube video from the GIF editor in My GIFs (SPEC 5's
 * message for a bad id first; the video checked with the oEmbed stand-in on 127.0.0.1), the embed
 * then shows its Watch button, and the creator removes it again.
 */
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { uploadGif } from '../support/uploads.ts';
import { oembedSettings, startVideoOembedStandIn, YOUTUBE } from '../support/video-oembed.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

describe('made-from credit and external video in Chromium', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let oembed: http.Server;
  let dir: string;
  let author: TestUser;
  let maker: TestUser;
  let source: string;
  let made: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-made-from-e2e-'));
    oembed = await startVideoOembedStandIn([]);
    server = await startAccountsServer('pglite', { web: true, env: oembedSettings(oembed) });
    browser = await launchBrowser();
    author = await server.makeUser('creator');
    maker = await server.makeUser('creator');
    const gifFile = await makeGif(path.join(dir, 'pattern.gif'));
    const upload = async (as: TestUser, fields: Record<string, string>) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(fs.readFileSync(gifFile))]), 'pattern.gif');
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return uploadGif(server, as, form);
    };
    source = await upload(author, { title: 'The original dance' });
    made = await upload(maker, { title: 'Remixed dance', source_gif_id: source });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    oembed?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const signInAs = (user?: TestUser) => useSession(browser.context, server.baseUrl, user);
  async function axeClean(page: Page) {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }
  /** The GIF editor's status line (the dashboard has others). */
  const editorStatus = (page: Page) => page.getByRole('list', { name: 'My GIFs' }).getByRole('status').textContent();
  const watchButtons = async (page: Page) => {
    await page.goto(`${server.baseUrl}/embed/${made}`);
    await page.locator('.lb-embed').first().waitFor();
    await page.mouse.move(100, 100);
    return page.locator('.lb-embed__watch').count();
  };

  it.each(VIEWPORTS)('the made GIF’s page credits its source and author ($name)', async ({ width, height }) => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height });
    await page.goto(`${server.baseUrl}/gifs/${made}`);
    const credit = page.locator('.lb-gif-page__made-from');
    await expect.poll(() => credit.textContent()).toBe(`Made from The original dance by @${author.username.toLowerCase()}`);
    expect(await credit.getByRole('link', { name: 'The original dance' }).getAttribute('href')).toMatch(new RegExp(`^/gifs/.*${source}$`));
    expect(await credit.getByRole('link', { name: `@${author.username.toLowerCase()}` }).getAttribute('href')).toBe(`/${author.username}`);
    await axeClean(page);
    await page.close();
  });

  it.each(VIEWPORTS)(
    'its creator attaches a YouTube video in the GIF editor, the embed offers Watch, and removes it ($name)',
    async ({ width, height }) => {
      await signInAs(maker);
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height });
      expect(await watchButtons(page)).toBe(0);
      await page.goto(`${server.baseUrl}/dashboard?edit=${made}`);
      const form = page.getByRole('form', { name: 'External video' });
      await form.getByLabel('Video id or URL').fill('not-an-id');
      await form.getByRole('button', { name: 'Save video' }).click();
      await expect.poll(() => editorStatus(page)).toBe('External video: not a valid video id');
      await form.getByLabel('Video id or URL').fill(`https://youtu.be/${YOUTUBE.ok}`);
      await form.getByLabel('Start at (seconds)').fill('7');
      await form.getByRole('button', { name: 'Save video' }).click();
      await expect.poll(() => editorStatus(page)).toBe('External video saved');
      await expect.poll(() => form.textContent()).toContain(`Attached: YouTube video ${YOUTUBE.ok}, from 7 s.`);
      await axeClean(page);
      expect((await server.call('GET', `/v1/gifs/${made}?api_key=${server.webKey}`)).body.data.external_media).toMatchObject({
        provider_name: 'YouTube',
        asset_uid: YOUTUBE.ok,
        start: 7,
      });
      expect(await watchButtons(page)).toBeGreaterThan(0);

      await page.goto(`${server.baseUrl}/dashboard?edit=${made}`);
      await page.getByRole('form', { name: 'External video' }).getByRole('button', { name: 'Remove video' }).click();
      await expect.poll(() => editorStatus(page)).toBe('External video saved');
      expect((await server.call('GET', `/v1/gifs/${made}?api_key=${server.webKey}`)).body.data.external_media).toBeUndefined();
      await page.close();
    },
  );

  it('says nothing of a source the viewer may not open', async () => {
    expect((await server.call('PATCH', `/api/v1/gifs/${source}/`, { as: author, json: { visibility: 'private' } })).status).toBe(200);
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.goto(`${server.baseUrl}/gifs/${made}`);
    await page.getByRole('heading', { name: 'Remixed dance' }).waitFor();
    expect(await page.locator('.lb-gif-page__made-from').count()).toBe(0);
    await page.close();
  });
});
