/**
 * A GIPHY API app (tests/api/giphy-clients/picker.mjs: plain fetch, as chat apps and keyboards write
 * it) run unchanged against a live server through the edge, repointed by its base URL alone: it asks
 * for a random_id and sends it everywhere, searches with a renditions bundle, fires the onload URL of
 * a GIF it shows, translates a phrase, opens a clips tab and a clip, and trims an answer by fields.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITION_BUNDLES } from '../../apps/server/src/public-api/constants.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

const run = promisify(execFile);
const CLIENT = new URL('../api/giphy-clients/picker.mjs', import.meta.url);

describe.each(storeKinds())('a GIPHY API app against Loopbox (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs unchanged with its base URL pointed here, and its onload pingback is counted', async () => {
    const { stdout } = await run(process.execPath, [CLIENT.pathname, 'cat'], {
      env: { ...process.env, GIPHY_BASE: `${server.baseUrl}/v1`, GIPHY_KEY: server.webKey },
    });
    const out = JSON.parse(stdout);
    expect(out.random_id).toMatch(/^[0-9a-f]{32}$/);
    const search = await server.get('/v1/gifs/search?q=cat&limit=50');
    const searchIds = search.body.data.map((g: { id: string }) => g.id);
    expect(out.grid).toEqual(searchIds.slice(0, 6));
    expect(out.renditions.every((name: string) => RENDITION_BUNDLES.messaging_non_clips!.images.includes(name))).toBe(true);
    expect(out.seen_status).toBe(200);
    expect(searchIds.slice(0, 13)).toContain(out.translated);
    expect(out.clips.length).toBeGreaterThan(0);
    for (const clip of out.clips) expect(clip.type).toBe('video');
    expect(out.clip.id).toBe(out.clips[0].id);
    expect((await fetch(out.clip.mp4)).status).toBe(200);
    expect(out.clip_search_count).toBeGreaterThanOrEqual(0);
    expect(out.slim.map((g: object) => Object.keys(g))).toEqual([
      ['id', 'images'],
      ['id', 'images'],
    ]);
    expect(Object.keys(out.slim[0].images)).toEqual(['fixed_width']);
    expect(out.nothing.status).toBe(404);
    expect(out.too_weird).toEqual({ status: 400, msg: 'weirdness must be an integer from 0 to 10' });
    const seen = await server.store.db
      .selectFrom('events')
      .select('payload')
      .where('stream_id', '=', out.grid[0])
      .where('type', '=', 'pingback.seen')
      .execute();
    expect(seen.some((e) => (e.payload as { user_id?: string }).user_id === out.random_id)).toBe(true);
  });
});
