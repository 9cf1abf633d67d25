import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/server/src/app.ts';
import { ensureCredentials, type Credentials } from '../../apps/server/src/tokens/credentials.ts';
import type { TextRenderSettings } from '../../apps/server/src/media/text-stickers.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { singleProcessEdge } from '../../edge/src/node.ts';
import { SHARED_CORE_WAITS } from '../support/server.ts';
import { openTestStore } from '../support/stores.ts';

/** The server app with these render bounds over a fresh media directory, behind the edge as `npm start` wires it. */
interface RenderServer {
  /** The edge's origin. */
  baseUrl: string;
  /** The server app itself, for calls that must say which client address they come from (the edge's X-Forwarded-For). */
  direct(pathAndQuery: string, address: string): Promise<Response>;
  close(): Promise<void>;
}

const roomy = { budgetPerKey: 1_000, budgetPerAddress: 1_000 };

describe('on-demand text rendering under load', () => {
  let store: Store;
  let credentials: Credentials;
  const dirs: string[] = [];
  const servers: RenderServer[] = [];

  beforeAll(async () => {
    store = await openTestStore('pglite');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-render-data-'));
    dirs.push(dataDir);
    credentials = await ensureCredentials(store.db, { dataDir });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await store?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function startRenderServer(textRender: Partial<TextRenderSettings>): Promise<RenderServer> {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-render-media-'));
    dirs.push(mediaDir);
    const app = createApp({ checkAnswers: true, db: store.db, mediaDir, textRender: { ...SHARED_CORE_WAITS.textRender, ...textRender } });
    const edge = singleProcessEdge({ server: app, credentials, env: { ACCESS_LOG: 'off', ...SHARED_CORE_WAITS.env } });
    const http: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: edge.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const server: RenderServer = {
      baseUrl,
      direct: async (pathAndQuery, address) =>
        app.fetch(new Request(new URL(pathAndQuery, baseUrl), { headers: { 'X-Forwarded-For': address } })),
      close: () => new Promise<void>((resolve) => http.close(() => resolve())),
    };
    servers.push(server);
    return server;
  }

  const animate = (server: RenderServer, m: string, extra = '') =>
    fetch(`${server.baseUrl}/v1/text/animate?m=${encodeURIComponent(m)}${extra}`);

  async function expectRefused(res: Response, status: 429 | 503) {
    expect(res.status).toBe(status);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await res.json();
    expect(body.meta).toMatchObject({ status, msg: expect.any(String), response_id: expect.stringMatching(/^[0-9a-f]{40}$/) });
    return body.meta.msg as string;
  }

  it('answers renders beyond the queue with 503 and Retry-After, and makes the admitted ones', async () => {
    const server = await startRenderServer({ concurrency: 1, queue: 1, ...roomy });
    const answers = await Promise.all(['q1', 'q2', 'q3', 'q4', 'q5'].map((m) => animate(server, m)));
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const res of ok) expect((await res.json()).data).toHaveLength(4);
    for (const res of refused) expect(await expectRefused(res, 503)).toMatch(/busy/);
  });

  it('merges identical concurrent renders into one (six callers, one render slot, no queue)', async () => {
    const server = await startRenderServer({ concurrency: 1, queue: 0, ...roomy });
    const answers = await Promise.all(Array.from({ length: 6 }, () => animate(server, 'same words')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).data.map((g: { id: string }) => g.id).join()));
    expect(new Set(ids).size).toBe(1);
  });

  it('limits new renders per client address through the edge, for animate and text search alike; cache hits stay free', async () => {
    const server = await startRenderServer({ budgetPerKey: 1_000, budgetPerAddress: 2 });
    expect((await animate(server, 'first')).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/v1/text/search?q=second`)).status).toBe(200);
    expect(await expectRefused(await animate(server, 'third'), 429)).toMatch(/address/);
    expect(await expectRefused(await fetch(`${server.baseUrl}/v1/text/search?q=fourth`), 429)).toMatch(/address/);
    // Already rendered: no budget needed (other parameters, so the edge cache does not answer for the server).
    expect((await animate(server, 'first', '&limit=2')).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/v1/text/search?q=first`)).status).toBe(200);
  });

  it("counts a text search's dynamic results without rendering them, so a count charges no budget", async () => {
    const server = await startRenderServer({ budgetPerKey: 1_000, budgetPerAddress: 1 });
    const search = (q: string, extra = '') => fetch(`${server.baseUrl}/v1/text/search?q=${encodeURIComponent(q)}${extra}`);
    for (const q of ['counted one', 'counted two', 'counted three']) {
      const count = await search(q, '&count_only=true');
      expect(count.status, q).toBe(200);
      const body = await count.json();
      expect(body.data, q).toEqual([]);
      expect(body.pagination.total_count, q).toBe(4);
    }
    // The address's one new render is still there: the counts made none.
    const full = await (await search('counted one')).json();
    expect(full.data.map((g: { is_dynamic: number }) => g.is_dynamic)).toEqual([1, 1, 1, 1]);
    expect(full.pagination.total_count).toBe(4);
    expect(await expectRefused(await search('counted two'), 429)).toMatch(/address/);
  });

  it('limits new renders per API key across addresses, and per address for each address on its own', async () => {
    const byKey = await startRenderServer({ budgetPerKey: 2, budgetPerAddress: 1_000 });
    const web = `api_key=${credentials.webKey}`;
    expect((await byKey.direct(`/v1/text/animate?m=k1&${web}`, '198.51.100.1')).status).toBe(200);
    expect((await byKey.direct(`/v1/text/animate?m=k2&${web}`, '198.51.100.2')).status).toBe(200);
    expect(await expectRefused(await byKey.direct(`/v1/text/animate?m=k3&${web}`, '198.51.100.3'), 429)).toMatch(/API key/);
    expect((await byKey.direct(`/v1/text/animate?m=k3&api_key=${credentials.mobileKey}`, '198.51.100.3')).status).toBe(200);

    const byAddress = await startRenderServer({ budgetPerKey: 1_000, budgetPerAddress: 1 });
    expect((await byAddress.direct(`/v1/text/animate?m=a1&${web}`, '203.0.113.1')).status).toBe(200);
    expect(await expectRefused(await byAddress.direct(`/v1/text/animate?m=a2&${web}`, '203.0.113.1'), 429)).toMatch(/address/);
    expect((await byAddress.direct(`/v1/text/animate?m=a2&${web}`, '203.0.113.2')).status).toBe(200);
  });

  it('caps the text at 50 characters, counted as characters rather than UTF-16 units', async () => {
    const server = await startRenderServer(roomy);
    const long = await animate(server, 'é'.repeat(51));
    expect(long.status).toBe(400);
    expect((await long.json()).meta.msg).toBe('m must be at most 50 characters');
  });
});
