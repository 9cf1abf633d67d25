/**
 * The API reference in Debian's Chromium, through `npm start`'s wiring: a new developer signs up,
 * creates an app, copies its key, opens the API reference from the developers page, searches GIFs
 * with "try it" (the page fills in their key), and sees that call in the key's usage chart. Nothing
 * the page loads comes from anywhere but this server. A signed-out visitor is asked to log in to
 * try calls with their own key. Then axe on the page's own parts.
 */
import AxeBuilder from '@axe-core/playwright';
import { API_DOCS_PAGE, DEVELOPERS_PAGE } from '@loopbox/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { joinThroughMail } from '../support/join.ts';
import { startAccountsServer, testUsername, type AccountsServer } from '../support/accounts.ts';

describe('the API reference in Chromium', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
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

  async function open(path: string) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors: string[] = [];
    const elsewhere: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:') && !request.url().startsWith('blob:'))
        elsewhere.push(request.url());
    });
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('[data-slot="account"]:not([data-state="loading"])').waitFor();
    return { page, errors, elsewhere };
  }

  it('takes a new developer from signing up to a "try it" call that shows in their usage chart', async () => {
    await browser.context.clearCookies();
    const username = testUsername('docs');
    const { page, errors, elsewhere } = await open('/join');
    // Joining signs nobody in (it answers alike for a taken address): the mailed link makes the account and signs in.
    await joinThroughMail(page, server, { username, email: `${username}@example.test`, password: 'a developer passphrase' });

    await page.goto(`${server.baseUrl}${DEVELOPERS_PAGE}`);
    await page.getByLabel('Name').fill('Docs explorer');
    await page.getByRole('button', { name: 'Create app and key' }).click();
    const app = page.getByRole('article', { name: /Docs explorer/ });
    const key = (await app.locator('.lb-developers__key').first().innerText()).trim();
    await app.getByRole('button', { name: `Copy key ${key}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    await page.getByRole('link', { name: 'API reference' }).first().click();
    await page.getByRole('heading', { name: 'API reference', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(API_DOCS_PAGE);
    const picker = page.getByLabel('Try calls with');
    await expect.poll(() => picker.locator('option:checked').innerText()).toBe(`Docs explorer: beta key …${key.slice(-6)}`);

    // The reference, rendered from /openapi.json: open the search call and try it.
    const reference = page.getByRole('region', { name: 'Reference' });
    await reference.getByRole('link', { name: 'Search GIFs, stickers or text' }).first().click();
    await reference.getByRole('button', { name: /Test Request\s*\(get \/v1\/\{type\}\/search\)/ }).click();
    const client = page.getByRole('dialog');
    const fill = async (row: string, value: string) => {
      await client.locator(`tr#${row} [aria-label*="Value"]`).last().click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(value);
    };
    // `type` is a choice from the document's enum (gifs first); `q` is typed.
    expect(await client.locator('tr#type [aria-haspopup="menu"]').innerText()).toBe('gifs');
    await fill('q', 'cat');
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/v1/gifs/search');
    await client.locator('[data-addressbar-action="send"]:visible').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('api_key')).toBe(key);
    expect(new URL(response.url()).searchParams.get('q')).toBe('cat');
    // The answer is shown in the client.
    // The client shows the answer: its status and the GIFs found.
    await client.getByText('200 OK').waitFor();
    await client.getByText('"data"').first().waitFor();
    await page.keyboard.press('Escape');

    // The call is this key's: it shows in the usage chart of the developers page.
    await page.goto(`${server.baseUrl}${DEVELOPERS_PAGE}`);
    await server.analytics.catchUp();
    const chart = page
      .getByRole('article', { name: /Docs explorer/ })
      .locator('.lb-usage__chart')
      .first();
    await expect.poll(async () => Number(await chart.getAttribute('data-total-calls')), { timeout: 30_000 }).toBe(1);
    await page.getByRole('cell', { name: '/v1/:type/search' }).waitFor();
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks a signed-out visitor to log in to try calls with their own key, and still shows the reference', async () => {
    await browser.context.clearCookies();
    const { page, errors, elsewhere } = await open(API_DOCS_PAGE);
    await page.getByText('to try calls with your own API key.').waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).last().getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(API_DOCS_PAGE)}`,
    );
    await page.getByRole('region', { name: 'Reference' }).getByRole('heading', { name: 'Loopbox API' }).waitFor();
    const violations = (await new AxeBuilder({ page }).exclude('.lb-api-docs__reference').analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
