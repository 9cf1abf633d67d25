/**
 * The GIF maker in Debian's Chromium against `npm start`'s wiring: a visitor who is not signed in
 * picks a clip, trims it, captions it and decorates it with a sticker found by a sticker search; asked
 * to log in to publish, signs in and finds the work kept; publishes; the published GIF has the
 * trimmed length and a decoded frame shows both the caption and the sticker. A plain trim becomes a
 * GIF of the trimmed frames, in the maker and with the upload flow's trim tool. Every maker page
 * passes axe on desktop and phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../apps/server/src/media/ffmpeg.ts';
import { trustedFfmpeg } from '../../apps/server/src/media/ffmpeg-binary.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];
const PASSWORD = 'gif maker passphrase';

/** Sets a range or colour input as a person dragging it would (React hears the input event). */
async function setValue(input: Locator, value: string) {
  await input.evaluate((element, v) => {
    const field = element as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, v);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

describe('GIF maker in Chromium', { timeout: 6 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let dir: string;
  let clip: string;
  let sticker: { id: string; term: string };
  /** How far the server's clock runs ahead of the real one (scheduled posts publish by it). */
  let offsetMs = 0;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-maker-'));
    server = await startAccountsServer('pglite', { web: true, jobs: { intervalMs: 100 }, clock: () => new Date(Date.now() + offsetMs) });
    browser = await launchBrowser();
    // A flat blue clip: anything else on a published frame was drawn by the maker.
    clip = path.join(dir, 'blue.mp4');
    await runFfmpeg(trustedFfmpeg(), [
      '-f',
      'lavfi',
      '-i',
      'color=c=0x2040a0:size=320x180:rate=10',
      '-t',
      '3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      clip,
    ]);
    const row = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'tags'])
      .where('type', '=', 'sticker')
      .where('is_removed', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    sticker = { id: row.id, term: (row.tags as string[])[0]! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const signInAs = (user?: TestUser) => useSession(browser.context, server.baseUrl, user);
  /** The published GIF (its original rendition), fetched and decoded. */
  async function published(page: Page): Promise<{ bytes: Buffer; frames: number; durationMs: number }> {
    const link = page.getByRole('link', { name: 'Published: see your GIF' });
    await link.waitFor({ timeout: 120_000 });
    const id = (await link.getAttribute('href'))!.split('/').pop()!;
    const gif = (await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`)).body.data as {
      images: { original: { url: string } };
    };
    const bytes = Buffer.from(await (await fetch(gif.images.original.url)).arrayBuffer());
    const meta = await sharp(bytes, { animated: true }).metadata();
    return { bytes, frames: meta.pages ?? 1, durationMs: (meta.delay ?? []).reduce((a, b) => a + b, 0) };
  }
  async function pickClip(page: Page) {
    await page.goto(`${server.baseUrl}/create`);
    await page.getByRole('heading', { name: 'GIF Maker', level: 1 }).waitFor();
    await page.getByLabel('Upload a video or GIF').setInputFiles(clip);
    await page.getByLabel('Preview of the segment').waitFor();
    await page.getByRole('link', { name: 'Next: Trim' }).click();
    await setValue(page.getByLabel(/^Start/), '0.5');
    await setValue(page.getByLabel(/^Length/), '1');
  }

  it.each(VIEWPORTS)(
    'trims a clip into a new GIF of the trimmed frames, published by a new account and waiting for review ($name)',
    async (viewport) => {
      // Anyone signed in may publish from the maker (issue 31): a new account's GIF waits for review, open by its link.
      await signInAs(await server.makeUser('user'));
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await pickClip(page);
      await page.goto(`${server.baseUrl}/create/gifmaker/details`);
      await page.getByLabel('Title').fill(`Trimmed ${viewport.name}`);
      await page.getByRole('button', { name: 'Publish' }).click();
      const gif = await published(page);
      expect({ frames: gif.frames, durationMs: gif.durationMs }).toEqual({ frames: 10, durationMs: 1000 });
      await page.getByText(/Waiting for review: anyone with its link can see this GIF now/).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('schedules a made GIF: private until its time, public once the clock passes it', async () => {
    await signInAs(await server.makeUser('creator'));
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await pickClip(page);
    await page.goto(`${server.baseUrl}/create/gifmaker/details`);
    await page.getByLabel('Title').fill('Made for later');
    await page.getByLabel('Schedule').check();
    const at = page.getByLabel('Publish at');
    await at.fill('2020-01-01T09:00');
    await page.getByText('Pick a time in the future.').waitFor();
    expect(await page.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true);
    // Far enough ahead that rendering and uploading on a busy machine cannot overtake it.
    const when = new Date(Date.now() + 10 * 60_000);
    await at.fill(new Date(when.getTime() - when.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Schedule' }).click();
    const link = page.getByRole('link', { name: 'see your GIF' });
    await link.waitFor({ timeout: 120_000 });
    await page.getByText(/^Scheduled for/).waitFor();
    const id = (await link.getAttribute('href'))!.split('/').pop()!;
    expect((await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`)).status).toBe(404);

    await page.getByRole('link', { name: 'your schedule' }).click();
    await page.locator('.lb-schedule__post').first().waitFor();
    offsetMs = 11 * 60_000;
    await expect
      .poll(async () => (await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`)).status, { timeout: 30_000 })
      .toBe(200);
    offsetMs = 0;
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(VIEWPORTS)('trims a clip in the upload flow and uploads the trimmed GIF ($name)', async (viewport) => {
    await signInAs(await server.makeUser('creator'));
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}/upload`);
    await page.getByLabel('Files to upload').setInputFiles(clip);
    await page.getByText('Trim blue.mp4').click();
    await page.getByLabel('Segment of blue.mp4').waitFor();
    await setValue(page.getByLabel(/^Start/), '1');
    await setValue(page.getByLabel(/^Length/), '1.5');
    await page.getByRole('button', { name: 'Make trimmed GIF' }).click();
    await page.getByText('Trimmed: 15 frames, 1.5 s').waitFor({ timeout: 60_000 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    const link = page.getByRole('link', { name: 'see the GIF' });
    await link.waitFor({ timeout: 120_000 });
    const id = (await link.getAttribute('href'))!.split('/').pop()!;
    const gif = (await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`)).body.data as {
      images: { original: { url: string } };
    };
    const meta = await sharp(Buffer.from(await (await fetch(gif.images.original.url)).arrayBuffer()), { animated: true }).metadata();
    expect({ frames: meta.pages, durationMs: (meta.delay ?? []).reduce((a, b) => a + b, 0) }).toEqual({ frames: 15, durationMs: 1500 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(VIEWPORTS)(
    'the preview fits a long caption inside the frame by the render’s rule: wrapped on words, never cut ($name)',
    async (viewport) => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await pickClip(page);
      await page.getByRole('link', { name: 'Next: Caption' }).click();
      await page.getByRole('button', { name: 'Add caption' }).click();
      const text = 'WHEN THE NEW INTERN PUSHES TO PRODUCTION ON A FRIDAY';
      await page.getByLabel('Text').fill(text);
      await setValue(page.getByLabel(/^Size/), '0.3');
      const lines = page.locator('.lb-maker__caption .lb-maker__line');
      await expect.poll(() => lines.count()).toBeGreaterThan(1);
      expect((await lines.allTextContents()).join(' ')).toBe(text);
      const stage = (await page.locator('.lb-maker__stage').boundingBox())!;
      const caption = (await page.locator('.lb-maker__caption').boundingBox())!;
      expect(caption.x).toBeGreaterThanOrEqual(stage.x);
      expect(caption.x + caption.width).toBeLessThanOrEqual(stage.x + stage.width);
      expect(caption.y).toBeGreaterThanOrEqual(stage.y);
      expect(caption.y + caption.height).toBeLessThanOrEqual(stage.y + stage.height);
      await page.close();
    },
  );

  it.each(VIEWPORTS)(
    'makes a GIF with a caption and a sticker, keeping the work through signing in; the published frame shows both ($name)',
    async (viewport) => {
      await browser.context.clearCookies();
      const creator = await server.makeUser('creator', { password: PASSWORD });
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await pickClip(page);

      await page.getByRole('link', { name: 'Next: Caption' }).click();
      await page.getByRole('button', { name: 'Add caption' }).click();
      await page.getByLabel('Text').fill('HELLO');
      await setValue(page.getByLabel('Colour'), '#ff0000');
      await setValue(page.getByLabel(/^Size/), '0.2');
      await setValue(page.getByLabel(/^Down/), '0.8');
      await expect.poll(() => page.locator('.lb-maker__caption').textContent()).toBe('HELLO');

      await page.getByRole('link', { name: 'Next: Decorate' }).click();
      await page.getByLabel('Search stickers').fill(sticker.term);
      await page.getByRole('button', { name: 'Find stickers' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/create/gifmaker/decorate/stickers/'));
      await page.getByRole('list', { name: 'Stickers to add' }).getByRole('button').first().click();
      await setValue(page.getByLabel(/^Sticker across/), '0.25');
      await setValue(page.getByLabel(/^Sticker down/), '0.3');
      await setValue(page.getByLabel(/^Rotation/), '20');

      // The maker with its layers on passes axe too.
      const withLayers = await new AxeBuilder({ page }).analyze();
      expect(withLayers.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      await page.screenshot({ path: path.join(os.tmpdir(), `loopbox-maker-${viewport.name}.png`) });

      await page.getByRole('link', { name: 'Next: Details' }).click();
      await page.getByLabel('Title').fill(`Made ${viewport.name}`);
      // Not signed in: publishing asks for a login, which brings the visitor back with the work kept.
      await page.locator('#main').getByRole('link', { name: 'Log in' }).click();
      await page.getByLabel('Username or e-mail').fill(creator.username);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.baseUrl}/create/gifmaker/details`);
      expect(await page.getByLabel('Title').inputValue()).toBe(`Made ${viewport.name}`);
      await expect.poll(() => page.locator('.lb-maker__caption').textContent()).toBe('HELLO');
      await page.getByRole('button', { name: 'Publish' }).click();
      const gif = await published(page);
      expect(gif.frames).toBe(10);

      const frame = sharp(gif.bytes, { page: 5 });
      const { width = 0, height = 0 } = await frame.metadata();
      const pixels = async (box: { left: number; top: number; width: number; height: number }) => {
        const raw = await sharp(gif.bytes, { page: 5 })
          .extract({
            left: Math.round(box.left * width),
            top: Math.round(box.top * height),
            width: Math.round(box.width * width),
            height: Math.round(box.height * height),
          })
          .removeAlpha()
          .raw()
          .toBuffer();
        const out: [number, number, number][] = [];
        for (let i = 0; i < raw.length; i += 3) out.push([raw[i]!, raw[i + 1]!, raw[i + 2]!]);
        return out;
      };
      const blue = ([r, g, b]: [number, number, number]) => Math.abs(r - 0x20) < 28 && Math.abs(g - 0x40) < 28 && Math.abs(b - 0xa0) < 28;
      const caption = await pixels({ left: 0.3, top: 0.7, width: 0.4, height: 0.2 });
      expect(caption.filter(([r, g, b]) => r > 170 && g < 90 && b < 90).length / caption.length).toBeGreaterThan(0.05);
      const stickerArea = await pixels({ left: 0.15, top: 0.15, width: 0.2, height: 0.3 });
      expect(stickerArea.filter((p) => !blue(p)).length / stickerArea.length).toBeGreaterThan(0.1);
      expect((await pixels({ left: 0.7, top: 0.05, width: 0.25, height: 0.3 })).every(blue)).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('every maker page passes axe on desktop and phone, signed out and in', async () => {
    const found: string[] = [];
    for (const signedIn of [false, true]) {
      if (signedIn) await signInAs(await server.makeUser('creator'));
      else await browser.context.clearCookies();
      for (const viewport of VIEWPORTS) {
        for (const pagePath of [
          '/create',
          '/create/gifmaker/trim',
          '/create/gifmaker/caption',
          `/create/gifmaker/decorate/stickers/${sticker.term}`,
          '/create/gifmaker/details',
        ]) {
          const page = await browser.context.newPage();
          await page.setViewportSize(viewport);
          await page.goto(`${server.baseUrl}${pagePath}`);
          await page.getByRole('heading', { name: 'GIF Maker', level: 1 }).waitFor();
          if (pagePath.includes('stickers')) await page.getByRole('list', { name: 'Stickers to add' }).waitFor();
          const results = await new AxeBuilder({ page }).analyze();
          for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
            found.push(`${viewport.name} ${pagePath} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          await page.close();
        }
      }
    }
    expect(found).toEqual([]);
  });
});
