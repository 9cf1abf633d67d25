/**
 * Joining in the browser: a sign-up makes no account until its mailed link is opened (README,
 * Accounts), so journeys that need a new person fill /join, then open the link from the mail the
 * test's SMTP server caught (start the server with `smtp: true`), which makes the account and signs in.
 */
import type { Page } from 'playwright-core';
import type { AccountsServer } from './accounts.ts';

export interface Joiner {
  username: string;
  email: string;
  password: string;
}

/** The link of the newest sign-up mail to `email` not yet opened (`#token=…`), and its secret. */
export async function signupLink(server: AccountsServer, email: string): Promise<{ link: string; token: string }> {
  if (!server.smtp) throw new Error('joining needs the test SMTP server: start the server with { smtp: true }');
  const mail = await server.smtp.waitFor((m) => m.to === email && m.subject.includes('Confirm') && /\/join#token=/.test(m.text));
  const found = /(http\S+\/join#token=([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!found) throw new Error(`no sign-up link in the mail to ${email}`);
  return { link: found[1]!, token: found[2]! };
}

/** Opens the sign-up mail's link in `page`, and waits until the account is made and signed in. Returns the link's secret. */
export async function confirmFromMail(page: Page, server: AccountsServer, email: string): Promise<string> {
  const { link, token } = await signupLink(server, email);
  await page.goto(link);
  await page.getByRole('heading', { name: /^Welcome to/ }).waitFor();
  await page.locator('[data-slot="account"][data-state="signed-in"]').waitFor();
  return token;
}

/** From the /join form already open in `page`: signs up, waits for "Check your mail", then opens the mailed link. */
export async function joinThroughMail(page: Page, server: AccountsServer, joiner: Joiner): Promise<string> {
  await page.getByLabel('Username').fill(joiner.username);
  await page.getByLabel('E-mail address').fill(joiner.email);
  await page.getByLabel('Password', { exact: true }).fill(joiner.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
  return confirmFromMail(page, server, joiner.email);
}
