/**
 * The pingback pipeline in Debian's Chromium against a real server: a page (/labs/pipeline) sends
 * labelled pingbacks through the Web Worker's IndexedDB queue across offline periods, reloads and a
 * browser restart on the same profile, and the event log ends with exactly that many — none lost,
 * none doubled. Then the same with the server killed (kill -9) and restarted mid-stream.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { E2E_STEP_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

const TEST_TIMEOUT_MS = 300_000;

/**
 * Rows in the log carrying this probe label. Each test pingback has its own client-made id, so a
 * pingback sent twice under one id is stored once (the log's unique id) and one sent under two ids
 * would show here as an extra row: equal to the number sent means none lost and none doubled.
 */
async function probeRows(db: Kysely<Database>, label: string): Promise<number> {
  const { rows } = await sql<{ rows: string }>`
    SELECT count(*) AS rows FROM events
    WHERE type = 'pingback.seen' AND payload->'attributes'->>'probe' = ${label}`.execute(db);
  return Number(rows[0]!.rows);
}

/**
 * Waits until the log holds `count` rows of this probe (the service worker may still be replaying what
 * a closed page left when the page's own queue is already empty), then checks no more arrive.
 */
async function expectStored(db: Kysely<Database>, label: string, count: number) {
  await expect.poll(() => probeRows(db, label), { timeout: E2E_STEP_TIMEOUT_MS, interval: 250 }).toBe(count);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await probeRows(db, label)).toBe(count);
}

async function openPipelinePage(browser: TestBrowser, baseUrl: string): Promise<Page> {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(`${baseUrl}/labs/pipeline`);
  await waitForWorker(page);
  return page;
}

async function waitForWorker(page: Page) {
  await page.locator('[data-stat="mode"]', { hasText: 'worker' }).waitFor();
  await page.locator('#send-form button:not([disabled])').waitFor();
}

/** Sends `count` test pingbacks and waits until the worker has them stored or sent. */
async function send(page: Page, count: number, label: string) {
  const before = Number(await page.locator('#sent').getAttribute('data-sent'));
  await page.fill('input[name="count"]', String(count));
  await page.fill('input[name="label"]', label);
  await page.click('#send-form button');
  await page.locator(`#sent[data-sent="${before + count}"]`).waitFor();
  await page.waitForFunction(
    () =>
      Number(document.querySelector('[data-stat="queued"]')?.textContent) +
        Number(document.querySelector('[data-stat="delivered"]')?.textContent) >
      0,
  );
}

const stat = async (page: Page, name: string) => (await page.locator(`[data-stat="${name}"]`).textContent()) ?? '';

/** Until the page's queue and the orphans of closed pages are empty. */
async function waitUntilAllSent(page: Page) {
  await page.waitForFunction(
    () => ['queued', 'inFlight', 'orphans'].every((key) => document.querySelector(`[data-stat="${key}"]`)?.textContent === '0'),
    undefined,
    { timeout: E2E_STEP_TIMEOUT_MS },
  );
}

describe('pingback pipeline in Chromium', { timeout: TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let profile: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-profile-'));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('delivers every event exactly once across offline periods, reloads and a browser restart', async () => {
    const label = 'offline-run';
    let browser = await launchBrowser({ userDataDir: profile, serviceWorkers: true });
    let page = await openPipelinePage(browser, server.baseUrl);
    await page.locator('[data-stat="offlineReady"]', { hasText: 'true' }).waitFor();
    await send(page, 5, label);

    await browser.context.setOffline(true);
    await send(page, 5, label);
    await page.locator('[data-stat="retrying"]', { hasText: 'true' }).waitFor();
    expect(await stat(page, 'lastError')).toMatch(/network error/);
    // Reloading offline: the service worker serves the shell, the new page's worker starts, and the
    // old page's unsent events are now orphans.
    await page.reload();
    await waitForWorker(page);
    await send(page, 5, label);
    await browser.context.setOffline(false);
    await waitUntilAllSent(page);
    await expectStored(server.store.db, label, 15);

    // The collector fails, then the browser closes with events unsent (its page-hide flush fails
    // too); they wait in IndexedDB. (A failing server rather than setOffline: the browser lifts its
    // network emulation while closing, which would let that last flush through.)
    server.setCollectorDown(true);
    await send(page, 5, label);
    await page.locator('[data-stat="retrying"]', { hasText: 'true' }).waitFor();
    await page.locator('[data-stat="stored"]', { hasText: /^5$/ }).waitFor();
    await browser.close();
    await expectStored(server.store.db, label, 15);
    server.setCollectorDown(false);

    browser = await launchBrowser({ userDataDir: profile, serviceWorkers: true });
    page = await openPipelinePage(browser, server.baseUrl);
    await send(page, 5, label);
    await waitUntilAllSent(page);
    await expectStored(server.store.db, label, 25);
    await browser.close();
  });

  it('reloads an embed offline from the service worker: its page (GIF data in the HTML) and its video', async () => {
    const { body } = await server.get('/v1/gifs/trending?limit=50');
    const gif = (
      body.data as Array<{ id: string; is_sticker: number; external_media?: unknown; images: { original: { mp4?: string } } }>
    ).find((g) => !g.is_sticker && !g.external_media && g.images.original.mp4);
    if (!gif) throw new Error('no video GIF in the sample corpus');
    const browser = await launchBrowser({ serviceWorkers: true });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.baseUrl}/embed/${gif.id}`);
      await page.waitForFunction(
        () => ((document.querySelector('video.lb-embed__media') as HTMLVideoElement | null)?.readyState ?? 0) >= 2,
      );
      // The first visit ran before the service worker existed; it is offline-ready once the worker holds this embed's page and video.
      const cachedPaths = () =>
        page.evaluate(async () => {
          const names = await caches.keys();
          const lists = await Promise.all(
            names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)),
          );
          return lists.flat();
        });
      await expect
        .poll(cachedPaths, { timeout: E2E_STEP_TIMEOUT_MS })
        .toEqual(expect.arrayContaining([`/embed/${gif.id}`, new URL(gif.images.original.mp4!).pathname]));
      // Without the browser's HTTP cache, only the service worker can serve the reload.
      await (await browser.context.newCDPSession(page)).send('Network.clearBrowserCache');
      await browser.context.setOffline(true);
      await page.reload();
      await page.waitForFunction(
        () => ((document.querySelector('video.lb-embed__media') as HTMLVideoElement | null)?.readyState ?? 0) >= 2,
      );
      expect(await page.locator('.lb-embed__error').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('lists what the collector refused in the last day, by source and reason', async () => {
    const forged = {
      event_id: 'forged-0001',
      action_type: 'SEEN',
      analytics_response_payload: `e=${Buffer.from('gif_id=x&event_type=GIF_SEARCH&cid=c').toString('base64')}`,
      user_id: 'u',
      ts: Date.now(),
    };
    const res = await fetch(`${server.baseUrl}/v2/pingback?apikey=${server.webKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [forged] }),
    });
    expect(res.status).toBe(400);
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.baseUrl}/labs/pipeline`);
      const row = page.locator('#rejects tbody tr', { hasText: 'not one this server issued' });
      await row.waitFor();
      expect(await row.locator('td').first().textContent()).toBe('pingback');
      expect(await page.locator('#rejects-summary').textContent()).toMatch(/refused \d+ events in the last 24 hours/);
    } finally {
      await browser.close();
    }
  });

  it('falls back to an in-memory queue on the main thread where Web Workers are unavailable', async () => {
    const label = 'no-worker-run';
    const browser = await launchBrowser({ serviceWorkers: true });
    try {
      const page = await browser.context.newPage();
      await page.addInitScript(() => {
        delete (window as { Worker?: unknown }).Worker;
      });
      await page.goto(`${server.baseUrl}/labs/pipeline`);
      await page.locator('[data-stat="mode"]', { hasText: 'main-thread' }).waitFor();
      await page.locator('#send-form button:not([disabled])').waitFor();
      await send(page, 7, label);
      await waitUntilAllSent(page);
      // The 7 pingbacks and the page's own page view.
      expect(await stat(page, 'delivered')).toBe('8');
      await expectStored(server.store.db, label, 7);
      // The pipeline names the page each report came from, for the page-type series.
      const { rows } = await sql<{ page_path: string }>`
        SELECT DISTINCT payload->'attributes'->>'page_path' AS page_path FROM events WHERE payload->'attributes'->>'probe' = ${label}`.execute(
        server.store.db,
      );
      expect(rows).toEqual([{ page_path: '/labs/pipeline' }]);
    } finally {
      await browser.close();
    }
  });
});

describe.each(storeKinds())('pingback pipeline with the server killed mid-stream (%s)', { timeout: TEST_TIMEOUT_MS }, (kind) => {
  let server: ServerProcess;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startServerProcess(kind);
    browser = await launchBrowser({ serviceWorkers: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps every acknowledged event and fills in the rest by retrying', async () => {
    const label = 'kill-run';
    const page = await openPipelinePage(browser, server.baseUrl);
    await send(page, 20, label);
    await page.locator('[data-stat="delivered"]', { hasText: /^[1-9]/ }).waitFor();
    await send(page, 20, label);
    await server.kill();
    await send(page, 20, label);
    await page.locator('[data-stat="retrying"]', { hasText: 'true' }).waitFor();
    await server.restart();
    await send(page, 20, label);
    await waitUntilAllSent(page);
    // What the collector acknowledged to this page (80 pingbacks and its page view) is what is stored.
    expect(await stat(page, 'delivered')).toBe('81');
    expect(await server.readStore((db) => probeRows(db, label))).toBe(80);
  });
});
