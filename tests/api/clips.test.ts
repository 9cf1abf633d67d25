/**
 * Clips are first-class: a clip with sound uploaded by a creator (type `video`) is found by its tag
 * in clip search (and not among GIFs), in its creator's clips (the profile's `@username` search),
 * on the clips feed (`videos/trending`, newest after the trending ones) and its page is a 200 site
 * page; `/clips` is a page of its own. Both stores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { uploadClip } from '../support/clips.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('clips (%s)', (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let dir: string;
  let clip: { id: string; slug: string };
  const tag = `cliptag${Date.now().toString(36)}`;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-clips-'));
    server = await startAccountsServer(kind, { web: true });
    creator = await server.makeUser('creator');
    await server.store.db.updateTable('users').set({ is_public: true }).where('id', '=', creator.userId).execute();
    clip = await uploadClip(server, creator, dir, tag);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const ids = async (apiPath: string) => {
    const res = await server.call('GET', `${apiPath}${apiPath.includes('?') ? '&' : '?'}api_key=${server.webKey}`, { direct: true });
    expect(res.status, res.text).toBe(200);
    return {
      ids: (res.body.data as { id: string; type: string }[]).map((g) => g.id),
      types: new Set((res.body.data as { type: string }[]).map((g) => g.type)),
      total: res.body.pagination.total_count as number,
    };
  };
  /** Search rankings are kept per content version, reread at most once a second (content/content-version.ts). */
  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await check()).toBe(true);
  }

  it('is a clip: type video with its video and sound kept', async () => {
    const res = await server.call('GET', `/v1/gifs/${clip.id}?api_key=${server.webKey}`, { direct: true });
    expect(res.body.data.type).toBe('video');
    expect(Object.values(res.body.data.video.assets).length).toBeGreaterThan(0);
  });

  it('is found by its tag among clips, not among GIFs', async () => {
    await eventually(async () => (await ids(`/v1/videos/search?q=${tag}`)).ids.includes(clip.id));
    expect((await ids(`/v1/gifs/search?q=${tag}`)).ids).toEqual([]);
  });

  it("is among its creator's clips (the profile's @username search)", async () => {
    await eventually(async () => (await ids(`/v1/videos/search?q=${encodeURIComponent(`@${creator.username}`)}`)).ids.includes(clip.id));
  });

  it('is on the clips feed, which lists clips only', async () => {
    const feed = await ids('/v1/videos/trending?limit=50');
    expect(feed.ids).toContain(clip.id);
    expect([...feed.types]).toEqual(['video']);
    expect(feed.total).toBeGreaterThanOrEqual(feed.ids.length);
    const paged = await ids('/v1/videos/trending?limit=1&offset=1');
    expect(paged.ids).toEqual(feed.ids.slice(1, 2));
    const refused = await server.call('GET', `/v1/videos/trending?limit=0&api_key=${server.webKey}`, { direct: true });
    expect([refused.status, refused.body.meta.status]).toEqual([400, 400]);
  });

  it('has its page, and /clips and /search/{tag}/clips are pages', async () => {
    for (const page of [`/gifs/${clip.slug}`, '/clips', `/search/${tag}/clips`]) {
      const res = await server.call('GET', page);
      expect(res.status, page).toBe(200);
    }
    expect((await server.call('GET', '/clips/nope')).status).toBe(404);
  });
});
