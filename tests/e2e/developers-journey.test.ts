/**
 * The developer dashboard in Debian's Chromium, through `npm start`'s wiring, on a 1440 px desktop and
 * a 375 px phone: a new developer signs up, opens Developers from the account menu, creates an app,
 * copies its key, calls the API with it from the browser and sees the call in the usage chart; asks
 * for production, rotates the key with a grace period and revokes the old one. Staff approve the
 * request on the review page. Then axe on both pages.
 */
import AxeBuilder from '@axe-core/playwright';
import { DEVELOPER_REVIEW_PAGE, DEVELOPERS_PAGE } from '@loopbox/pages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { joinThroughMail } from '../support/join.ts';
import { startAccountsServer, staffSessionCookies, testUsername, type AccountsServer } from '../support/accounts.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

describe('the developer dashboard in Chromium', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true, smtp: true });
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, viewport: { width: number; height: number }) {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('[data-slot="account"]:not([data-state="loading"])').waitFor();
    return { page, errors };
  }
  const axe = async (page: Page, label: string) => {
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  it.each(VIEWPORTS)('takes a new developer from signing up to a key whose call shows in the usage chart ($name)', async (viewport) => {
    await browser.context.clearCookies();
    const username = testUsername('dev');
    const { page, errors } = await open('/', viewport);

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Join Loopbox' }).click();
    // Joining signs nobody in (it answers alike for a taken address): the mailed link makes the account and signs in.
    await joinThroughMail(page, server, { username, email: `${username}@example.test`, password: 'a developer passphrase' });

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.locator('.lb-account__menu').getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(DEVELOPERS_PAGE);
    // A plain user is not offered staff's review list.
    expect(await page.getByRole('link', { name: /Review requests/ }).count()).toBe(0);

    await page.getByLabel('Name').fill('Sticker keyboard');
    await page.getByLabel('Description').fill('Stickers in every chat');
    await page.getByLabel('Platform').selectOption('ios');
    await page.getByRole('button', { name: 'Create app and key' }).click();
    const app = page.getByRole('article', { name: /Sticker keyboard/ });
    await app.waitFor();
    expect(await app.getByRole('row').nth(1).innerText()).toMatch(/beta, 100 calls an hour\s+Active/);

    const key = (await app.locator('.lb-developers__key').first().innerText()).trim();
    expect(key).toMatch(/^lb_app_[0-9a-f]{32}$/);
    await app.getByRole('button', { name: `Copy key ${key}` }).click();
    await app
      .getByRole('button', { name: `Copy key ${key}` })
      .filter({ hasText: 'Copied' })
      .waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(key);
    // Where the browser refuses the Clipboard API, the key is selected and copied the older way.
    await page.evaluate(async () => {
      await navigator.clipboard.writeText('before the fallback');
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await app.getByRole('button', { name: `Copy key ${key}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // Where that is refused too, the button says so instead of claiming a copy.
    await page.evaluate(() => {
      document.execCommand = () => false;
    });
    await app.getByRole('button', { name: `Copy key ${key}` }).click();
    await app
      .getByRole('button', { name: `Copy key ${key}` })
      .filter({ hasText: 'Not copied: select the key' })
      .waitFor();

    // The developer calls the API with the copied key, as their app would.
    const status = await page.evaluate(
      async (k) => (await fetch(`/v1/gifs/search?q=cat&limit=3&api_key=${encodeURIComponent(k)}`)).status,
      copied,
    );
    expect(status).toBe(200);
    await server.analytics.catchUp();
    const chart = app.locator('.lb-usage__chart').first();
    await expect.poll(async () => Number(await chart.getAttribute('data-total-calls')), { timeout: 30_000 }).toBe(1);
    expect(await chart.locator('figcaption').innerText()).toMatch(/^1 call from .* 1 to the GIPHY API, 0 to the Tenor API$/);
    await app.getByRole('cell', { name: '/v1/:type/search' }).waitFor();

    await app.getByLabel('What the app does and how many calls it needs').fill('Launching in the App Store');
    await app.getByRole('button', { name: 'Ask for production' }).click();
    await app.getByText(/Request for production waiting for staff/).waitFor();

    await app.getByLabel('Old key keeps working for').selectOption({ label: '1 hour' });
    await app.getByRole('button', { name: 'Rotate key' }).click();
    await app.getByText('A new key was issued.').waitFor();
    const rows = app.locator('.lb-developers__keys tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain(key);
    expect(await rows.nth(1).innerText()).toMatch(/Works until/);

    page.once('dialog', (dialog) => void dialog.accept());
    await app.getByRole('button', { name: `Revoke key ${key}` }).click();
    await app.getByText('Key revoked.').waitFor();
    await expect.poll(() => rows.nth(1).innerText()).toMatch(/Revoked/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets staff approve a request on the review page, and the app turns production', async () => {
    await browser.context.clearCookies();
    const dev = await server.makeUser('user');
    const made = await server.call('POST', '/api/v1/developer/apps/', { as: dev, json: { name: 'Chat bot', platform: 'other' } });
    await server.call('POST', `/api/v1/developer/apps/${made.body.data.id}/production/`, { as: dev, json: { note: 'A bot for our team' } });
    await browser.context.addCookies(await staffSessionCookies(server.store.db, server.baseUrl));
    const { page, errors } = await open(DEVELOPERS_PAGE, VIEWPORTS[0]);
    await page.getByRole('link', { name: 'Review requests for production keys' }).click();
    await page.getByRole('heading', { name: 'Requests for production keys' }).waitFor();
    const request = page.getByRole('article', { name: 'Chat bot' });
    await request.getByText('A bot for our team').waitFor();
    await request.getByLabel('Note to the developer').fill('Welcome aboard');
    await request.getByRole('button', { name: 'Approve' }).click();
    await request.waitFor({ state: 'detached' });
    const listed = (await server.call('GET', '/api/v1/developer/apps/', { as: dev })).body.data[0];
    expect(listed).toMatchObject({ tier: 'production', production_request: { decision: 'approved', decision_note: 'Welcome aboard' } });
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(VIEWPORTS)('has no serious or critical axe violation on the developer pages ($name)', async (viewport) => {
    await browser.context.clearCookies();
    await browser.context.addCookies(await staffSessionCookies(server.store.db, server.baseUrl));
    const found: string[] = [];
    const { page } = await open(DEVELOPERS_PAGE, viewport);
    await page.getByLabel('Name').fill('Axe app');
    await page.getByRole('button', { name: 'Create app and key' }).click();
    await page.locator('.lb-usage__chart').first().waitFor();
    found.push(...(await axe(page, DEVELOPERS_PAGE)));
    await page.goto(`${server.baseUrl}${DEVELOPER_REVIEW_PAGE}`);
    await page.getByRole('heading', { name: 'Requests for production keys' }).waitFor();
    found.push(...(await axe(page, DEVELOPER_REVIEW_PAGE)));
    expect(found).toEqual([]);
    await page.close();
  });
});
