/**
 * The account screens in Debian's Chromium, through `npm start`'s wiring with a real SMTP server in
 * the test process, on a 1440 px desktop and a 375 px phone: a new person joins, opens the mailed
 * link that makes their account and signs them in, logs out and in, changes their avatar, makes and revokes a token, favorites
 * a GIF from its page and finds it on /favorites, and resets a forgotten password through the mailed
 * link. A visitor who favorites while signed out comes back to the GIF favorited; a creator sent to
 * the login page by the dashboard's guard comes back to their own analytics, and reaches them from
 * the header's Dashboard link; staff read the outbox. Then axe on every new page.
 */
import AxeBuilder from '@axe-core/playwright';
import { sql } from 'kysely';
import { gifPath } from '@loopbox/pages';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { confirmFromMail, signupLink } from '../support/join.ts';
import { startAccountsServer, staffSessionCookies, testUsername, type AccountsServer } from '../support/accounts.ts';
import { attributedGifs } from './site-fixtures.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

describe('account screens in Chromium', { timeout: 4 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let gifs: { id: string; slug: string }[];

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true, smtp: true });
    browser = await launchBrowser();
    gifs = await attributedGifs(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, viewport: { width: number; height: number } = VIEWPORTS[0]) {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('[data-slot="account"]:not([data-state="loading"])').waitFor();
    return { page, errors };
  }

  const signedIn = (page: Page) => page.locator('[data-slot="account"][data-state="signed-in"]').waitFor();
  const signedOut = (page: Page) => page.locator('[data-slot="account"][data-state="signed-out"]').waitFor();
  const menu = async (page: Page, item: string) => {
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page
      .locator('.lb-account__menu')
      .getByRole(item === 'Log out' ? 'button' : 'link', { name: item })
      .click();
  };
  /** The link in the newest mail to `to` whose subject has `subject`. */
  /** Every secret a journey handled: none may show in a log line or an event. */
  const secrets: string[] = [];
  const mailedLink = async (to: string, subject: string) => {
    const mail = await server.smtp!.waitFor((m) => m.to === to && m.subject.includes(subject));
    const link = /(http\S+#token=([A-Za-z0-9_-]+))/.exec(mail.text);
    expect(link).toBeTruthy();
    secrets.push(link![2]!);
    return link![1]!;
  };
  const logIn = async (page: Page, login: string, password: string, { toSite = true } = {}) => {
    await page.getByLabel('Username or e-mail').fill(login);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');
    // The dashboard is a page of its own, without the site's header.
    if (toSite) await signedIn(page);
  };

  it.each(VIEWPORTS)('takes a new person from joining to a reset password ($name)', async (viewport) => {
    await browser.context.clearCookies();
    const username = testUsername('join');
    const email = `${username}@example.test`;
    const passwords = ['first long passphrase', 'second long passphrase'];
    secrets.push(...passwords);
    const { page, errors } = await open('/', viewport);

    // Join: from the header's Log in, the login page's Join link; a field the server refuses says so beside it.
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Join Loopbox' }).click();
    await page.getByRole('heading', { name: /^Join/ }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.keyboard.press('Enter');
    const passwordInput = page.getByLabel('Password', { exact: true });
    await expect.poll(() => passwordInput.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.lb-field__error').innerText()).toBe('Password must be at least 10 characters');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await passwordInput.fill(passwords[0]!);
    await page.keyboard.press('Enter');
    // Joining says to check the mail (the same words whether or not the address had an account) and signs nobody in.
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    await signedOut(page);

    // No account until the mailed link is opened: it makes the account, address confirmed, and signs in; its secret leaves the address bar.
    expect(await server.db.selectFrom('accounts').select('user_id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const { link } = await signupLink(server, email);
    secrets.push(await confirmFromMail(page, server, email));
    expect(new URL(page.url()).hash).toBe('');
    expect(
      (await server.db.selectFrom('accounts').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow())
        .email_verified_at,
    ).not.toBeNull();

    // Log out from the avatar menu. The link works once: opened again it says so and offers to sign up again. Log in again.
    await menu(page, 'Log out');
    await signedOut(page);
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link did not work' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/invalid, used or expired/);
    await page.getByRole('button', { name: 'Sign up again' }).click();
    await page.getByRole('heading', { name: /^Join/ }).waitFor();
    await signedOut(page);
    await page.locator('main').getByRole('link', { name: 'Log in' }).click();
    await logIn(page, username, passwords[0]!);

    // A new avatar: previewed before upload, then in the header.
    await menu(page, 'Settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#cc3366' } })
      .png()
      .toBuffer();
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    expect(await page.getByAltText('Preview of the chosen picture').getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Upload avatar' }).click();
    await page.getByText('New avatar saved.').waitFor();
    await expect
      .poll(() => page.locator('.lb-account__avatar').getAttribute('src'))
      .toMatch(new RegExp(`/media/avatars/${username}/[0-9a-f]+/80h\\.jpg$`));

    // A token: shown once with its Copy button, works as a bearer token, then revoked.
    await page.getByLabel('Token name').fill('ci script');
    await page.getByRole('button', { name: 'Make a token' }).click();
    const token = await page.getByLabel('New token').inputValue();
    expect(token).toMatch(/^lbp_/);
    secrets.push(token);
    const check = () => server.call('GET', '/login/check', { headers: { Authorization: `Bearer ${token}` } });
    expect((await check()).body.user.username).toBe(username);
    await page.getByRole('button', { name: 'Revoke ci script' }).click();
    await page.getByText('Token “ci script” revoked.').waitFor();
    expect(await page.getByLabel('New token').count()).toBe(0);
    expect((await check()).status).toBe(401);

    // Favorite a GIF from its page; it is on /favorites.
    const gif = gifs[viewport.name === 'desktop' ? 0 : 1]!;
    await page.goto(`${server.baseUrl}${gifPath(gif)}`);
    const favorite = page.getByRole('button', { name: 'Favorite' });
    await expect.poll(() => favorite.getAttribute('aria-disabled')).toBeNull();
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    await favorite.click();
    await page.getByText('Added to your favorites.').waitFor();
    expect(await favorite.getAttribute('aria-pressed')).toBe('true');
    await menu(page, 'Favorites');
    await page.getByRole('heading', { name: 'Your favorites' }).waitFor();
    await page.locator(`.lb-grid a[href$="${gif.id}"]`).first().waitFor();

    // Forgotten password: ask for the link, follow it, set a new one, log in with it.
    await menu(page, 'Log out');
    await signedOut(page);
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.keyboard.press('Enter');
    await page.getByText('If an account uses that address').waitFor();
    await page.goto(await mailedLink(email, 'Reset'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.getByLabel('New password', { exact: true }).fill(passwords[1]!);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();
    await page.locator('main').getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username or e-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(passwords[0]!);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.lb-field__error').innerText()).toContain('do not match');
    await logIn(page, email, passwords[1]!);
    expect(errors).toEqual([]);
    await page.close();

    // What the screens sent never shows a password, token or mailed secret in a log line or an event.
    const session = (await browser.context.cookies()).find((c) => c.name === 'sessionid')!.value;
    const logs = server.logLines.join('\n');
    expect(logs).toContain('edge request');
    const events = (
      await sql<{ e: string }>`SELECT string_agg(type || ' ' || payload::text, E'\n') AS e FROM events`.execute(server.store.db)
    ).rows[0]!.e;
    for (const secret of [...secrets, session]) {
      expect(logs).not.toContain(secret);
      expect(events).not.toContain(secret);
    }
  });

  it('brings a signed-out visitor who favorites back to the GIF, favorited (the embed’s ref=fave link too)', async () => {
    await browser.context.clearCookies();
    const user = await server.makeUser('user', { password: 'favorite passphrase' });
    const gif = gifs[2]!;
    const { page, errors } = await open(gifPath(gif));
    await page.getByRole('link', { name: 'Favorite' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `${gifPath(gif)}?ref=fave`);
    await logIn(page, user.username, 'favorite passphrase');
    await page.waitForURL(`${server.baseUrl}${gifPath(gif)}`);
    await page.getByText('Added to your favorites.').waitFor();
    expect(await page.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('true');
    expect(await server.db.selectFrom('favorites').select('gif_id').where('user_id', '=', user.userId).execute()).toEqual([
      { gif_id: gif.id },
    ]);
    // The embed's favorite link, signed in: the GIF page favorites it (once: the query is dropped).
    await page.goto(`${server.baseUrl}${gifPath(gifs[3]!)}?ref=fave`);
    await page.getByText('Added to your favorites.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    // Unfavorite with the keyboard.
    await page.getByRole('button', { name: 'Favorite' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Removed from your favorites.').waitFor();
    expect(
      (await server.db.selectFrom('favorites').select('gif_id').where('user_id', '=', user.userId).execute()).map((r) => r.gif_id),
    ).toEqual([gif.id]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('returns a creator from the dashboard guard to their own analytics, and the header links there', async () => {
    await browser.context.clearCookies();
    const creator = await server.makeUser('creator', { password: 'creator passphrase' });
    const page = await browser.context.newPage();
    await page.goto(`${server.baseUrl}/dashboard/analytics?days=7`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/dashboard/analytics?days=7');
    await logIn(page, creator.username, 'creator passphrase', { toSite: false });
    await page.waitForURL(`${server.baseUrl}/dashboard/analytics?days=7`);
    await page.getByRole('heading', { name: `Analytics for @${creator.username}` }).waitFor();
    await page.waitForSelector('.lb-analytics__charts[data-days="7"]');
    expect(await page.getByRole('alert').count()).toBe(0);

    // From the site's header: Upload and Dashboard, as the permission table grants a creator.
    await page.goto(`${server.baseUrl}/`);
    await signedIn(page);
    expect(await page.getByRole('link', { name: 'Upload' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'My GIFs', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: `Analytics for @${creator.username}` }).waitFor();
    await page.waitForSelector('.lb-analytics__charts[data-days="30"]');
    await page.close();

    // A plain user too: anyone signed in uploads, at their trust level (issue 31).
    await browser.context.clearCookies();
    const user = await server.makeUser('user', { password: 'plain user passphrase' });
    const { page: home } = await open('/login');
    await logIn(home, user.username, 'plain user passphrase');
    await home.locator('[data-slot="account"]').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await home.locator('[data-slot="account"]').getByRole('link', { name: 'Upload' }).count()).toBe(1);
    await home.close();
  });

  it('shows staff the mail outbox from the account menu', async () => {
    await browser.context.clearCookies();
    await browser.context.addCookies(await staffSessionCookies(server.store.db, server.baseUrl));
    const { page, errors } = await open('/');
    await signedIn(page);
    await menu(page, 'Mail outbox');
    await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
    expect(await page.locator('.lb-list li').count()).toBeGreaterThan(0);
    expect(await page.getByText('Confirm your e-mail address for Loopbox').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(VIEWPORTS)('has no serious or critical axe violation on any account page ($name)', async (viewport) => {
    const found: string[] = [];
    const check = async (label: string, page: Page) => {
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        found.push(`${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    };
    await browser.context.clearCookies();
    for (const path of [
      '/join',
      '/join#token=not-a-real-link-token-at-all',
      '/login?next=%2Fsettings',
      '/password',
      '/password#token=not-a-real-link-token-at-all',
      '/join/verify#token=not-a-real-link-token-at-all',
    ]) {
      const { page, errors } = await open(path, viewport);
      await page.locator('main h1').waitFor();
      await check(path, page);
      expect([path, errors]).toEqual([path, []]);
      await page.close();
    }
    // A form showing an error beside its field.
    const { page: login } = await open('/login', viewport);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await login.locator('.lb-field__error').waitFor();
    await check('/login with an error', login);
    await login.close();

    await browser.context.addCookies(await staffSessionCookies(server.store.db, server.baseUrl));
    for (const path of ['/settings', '/favorites', '/dashboard/outbox', gifPath(gifs[0]!)]) {
      const { page, errors } = await open(path, viewport);
      await page.locator('main h1').waitFor();
      await check(path, page);
      expect([path, errors]).toEqual([path, []]);
      await page.close();
    }
    // The open account menu, driven by the keyboard: Escape closes it and gives the focus back.
    const { page } = await open('/', viewport);
    await signedIn(page);
    await page.getByRole('button', { name: /^Account menu for/ }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.lb-account__menu').getByRole('link', { name: 'Settings' }).waitFor();
    await check('the account menu', page);
    await page.keyboard.press('Escape');
    expect(await page.locator('.lb-account__menu').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Account menu for /);
    await page.close();
    expect(found).toEqual([]);
  });
});
