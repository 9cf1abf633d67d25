/**
 * Tenor compatibility proven with callers written the way public projects call Tenor's v2 API
 * (tests/api/tenor-clients/): a Python `requests` script, a Node `axios` bot, and on a page of another
 * origin a web page's XMLHttpRequest helper and a GIF picker's `fetch`, each repointed by its base URL alone. Each finds GIFs,
 * pages on with `pos`, and registers a share the analytics count. A KLIPY caller (an app moved from
 * Tenor to KLIPY, sending gifgrep's and a picker's KLIPY-style `media_filter` lists) does the same.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENOR_BASE_PATH } from '../../apps/server/src/tenor/constants.ts';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { analyticsDb } from '../../apps/server/src/analytics/schema.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const run = promisify(execFile);
const CLIENTS = new URL('../api/tenor-clients/', import.meta.url);

interface Found {
  first: string[];
  second: string[];
  shared: string;
}

describe('real-world Tenor v2 callers against Loopbox', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let base: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    base = `${server.baseUrl}${TENOR_BASE_PATH}`;
    env = { ...process.env, TENOR_BASE: base, TENOR_KEY: server.webKey };
  });
  afterAll(async () => {
    await server?.close();
  });

  const shares = async (id: string) => {
    await server.analytics.catchUp();
    const rows = await analyticsDb(server.store.db)
      .selectFrom('gif_actions_daily')
      .select('count')
      .where('gif_id', '=', id)
      .where('action', '=', 'share')
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.count), 0);
  };

  /** Two pages that are different GIFs, all of them real search results, and a counted share. */
  const expectFoundPagedAndShared = async (found: Found, term: string, pageSize: number) => {
    const giphy = await server.get(`/v1/gifs/search?q=${term}&limit=50&rating=r`);
    const everyId = giphy.body.data.map((g: { id: string }) => g.id);
    expect(found.first).toHaveLength(pageSize);
    expect(found.second.length).toBeGreaterThan(0);
    expect(found.second.some((id) => found.first.includes(id))).toBe(false);
    expect([...found.first, ...found.second].every((id) => everyId.includes(id))).toBe(true);
    expect(await shares(found.shared)).toBeGreaterThanOrEqual(1);
  };

  it('a Python requests script', async () => {
    const python = await run('python3', ['-c', 'import requests'], { env }).catch(() => null);
    if (!python) throw new Error('This suite needs Python 3 with requests: apt-get install -y python3-requests');
    const { stdout } = await run('python3', [new URL('search.py', CLIENTS).pathname, 'animals'], { env });
    const found = JSON.parse(stdout) as Found & { gif_urls: string[]; share_status: number };
    expect(found.share_status).toBe(200);
    const gif = await fetch(found.gif_urls[0]!);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    await expectFoundPagedAndShared(found, 'animals', 4);
  });

  it('a Node axios bot', async () => {
    const { stdout } = await run(process.execPath, [new URL('search-axios.mjs', CLIENTS).pathname, 'sports'], { env });
    const found = JSON.parse(stdout) as Found & {
      formats: string[];
      tiny: string[];
      share_status: number;
      refused: { status: number; error: { code: number; status: string } };
    };
    expect(found.formats.sort()).toEqual(['gif', 'tinygif']);
    expect(found.tiny.every((url) => url.startsWith(`${server.baseUrl}/media/`))).toBe(true);
    expect(found.refused).toEqual({ status: 403, error: expect.objectContaining({ code: 403, status: 'PERMISSION_DENIED' }) });
    await expectFoundPagedAndShared(found, 'sports', 3);
  });

  it('a KLIPY caller sending gifgrep’s search and a picker’s media_filter lists', async () => {
    const klipyEnv = { ...process.env, KLIPY_BASE: base, KLIPY_API_KEY: server.webKey };
    const { stdout } = await run(process.execPath, [new URL('klipy-search.mjs', CLIENTS).pathname, 'animals'], { env: klipyEnv });
    const found = JSON.parse(stdout) as Found & {
      results: { url: string; url_format: string; preview_url: string; preview_format: string; width: number; height: number }[];
      formats: string[];
      tray: { count: number; groups: Record<string, number> };
      share: string;
    };
    expect(found.formats).toEqual(['gif', 'mediumgif', 'nanogif', 'preview', 'tinygif']);
    for (const result of found.results) {
      expect([result.url_format, result.preview_format]).toEqual(['gif', 'tinygif']);
      expect(result.url.startsWith(`${server.baseUrl}/media/`)).toBe(true);
      expect(result.width * result.height).toBeGreaterThan(0);
    }
    expect((await fetch(found.results[0]!.preview_url)).headers.get('content-type')).toBe('image/gif');
    // The tray's gif and mp4 families are served; its webm names are ignored, as Tenor ignored names it did not know.
    expect(found.tray.count).toBe(6);
    expect(found.tray.groups).toEqual({ gif: 6, mp4: 6, webm: 0 });
    expect(found.share).toBe('ok');
    await expectFoundPagedAndShared(found, 'animals', 5);
  });

  describe('callers in a web page of another origin', () => {
    let browser: TestBrowser;
    let site: http.Server;
    beforeAll(async () => {
      browser = await launchBrowser();
      const scripts = ['search-xhr.js', 'search-fetch.js']
        .map((file) => `<script>${fs.readFileSync(new URL(file, CLIENTS), 'utf8')}</script>`)
        .join('');
      site = http.createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><title>GIF picker</title>${scripts}</head><body></body></html>`);
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => site?.close(resolve));
    });

    it.each([
      { name: 'an XMLHttpRequest helper', client: 'tenorClient', pageSize: 4 },
      { name: 'a GIF picker using fetch', client: 'tenorFetchClient', pageSize: 3 },
    ])('$name finds and shows GIFs, pages on and registers a share', async ({ client, pageSize }) => {
      const page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      type Client = (base: string, key: string, term: string) => Promise<Found & { decoded: number }>;
      const found = await page.evaluate(
        ([name, b, k]) => (window as unknown as Record<string, Client>)[name!]!(b!, k!, 'food'),
        [client, base, server.webKey],
      );
      expect(found.decoded).toBe(pageSize);
      await expectFoundPagedAndShared(found, 'food', pageSize);
      await page.close();
    });
  });
});
