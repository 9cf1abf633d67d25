import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../apps/server/src/auth/constants.ts';

/** Debian's Chromium (apt-get install -y chromium). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags checked on these machines (ARCHITECTURE "Known ground"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Browser suites share two cores with every other suite in `npm test`: a real mp4 or a page load may
 * take many times longer than on an idle machine, so steps and tests get generous bounds.
 */
export const E2E_STEP_TIMEOUT_MS = 60_000;
export const E2E_TEST_TIMEOUT_MS = 120_000;

export interface TestBrowser {
  /** A persistent context on a fresh user-data dir: service workers and IndexedDB work in it. */
  context: BrowserContext;
  browser: Browser | null;
  /**
   * What Chromium refused by the pages' Content-Security-Policy (its console lines), in every page of
   * the context. `close()` fails when any is left, so every browser suite proves the site works with
   * the CSP on; a test that provokes one on purpose takes it out of the list.
   */
  cspViolations: string[];
  close(): Promise<void>;
}

/** How Chromium's console reports a resource, script or frame the CSP refused, or a CSP it could not read. */
const CSP_VIOLATION = /Content[ -]Security[ -]Policy/;

/**
 * Launches headless Chromium on a fresh user-data dir (removed on close) or the given one. Every request to a
 * host other than 127.0.0.1 is aborted, so a test can never reach the outside world. Service workers
 * are blocked unless asked for.
 */
export async function launchBrowser(
  options: { extraArgs?: string[]; userDataDir?: string; serviceWorkers?: boolean; javaScriptEnabled?: boolean } = {},
): Promise<TestBrowser> {
  // A profile the caller gave outlives this browser (a restart reopens it); a fresh one is removed.
  const userDataDir = options.userDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
    viewport: { width: 1200, height: 900 },
    // Playwright cannot route the requests of a page a service worker controls, so suites that
    // route requests run without one; the pipeline suite, which tests the service worker, asks for it.
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
    // Off, the browser sees what a crawler or a text browser sees: the HTML the server sent.
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  context.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort('blockedbyclient'),
  );
  const cspViolations: string[] = [];
  context.on('console', (message) => {
    if (CSP_VIOLATION.test(message.text())) cspViolations.push(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
  });
  return {
    context,
    browser: context.browser(),
    cspViolations,
    async close() {
      await context.close();
      if (!options.userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
      if (cspViolations.length > 0) throw new Error(`The Content-Security-Policy refused:\n${cspViolations.join('\n')}`);
    },
  };
}

/** Someone with a cookie session (tests/support/accounts.ts makes them). */
export interface SessionHolder {
  sessionSecret: string;
  csrfToken: string;
}

/** Makes every page of `context` `user`'s, by their session and CSRF cookies for `baseUrl`; signed out without a user. */
export async function useSession(context: BrowserContext, baseUrl: string, user?: SessionHolder): Promise<void> {
  await context.clearCookies();
  if (user)
    await context.addCookies([
      { name: SESSION_COOKIE, value: user.sessionSecret, url: baseUrl },
      { name: CSRF_COOKIE, value: user.csrfToken, url: baseUrl },
    ]);
}
