/**
 * Every `/api/v4/channel…` call through npm start's wiring (the edge in front), on both stores:
 * trees (create, children, move, never into its own subtree), fields, feeds (add, reorder, remove,
 * offset and cursor paging), ranked and magic tags (magic tags pulling in later GIFs), update jobs
 * followed to DONE, flush_uuid, the edge's cached answers purged, and a domain event per change.
 */
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILDREN_WITHOUT_PARENT_MESSAGE } from '../../apps/server/src/channels/constants.ts';
import { enqueueJob } from '../../apps/server/src/jobs/queue.ts';
import { PUBLISH_JOB_KIND } from '../../apps/server/src/scheduler/constants.ts';
import { startAccountsServer, testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const slugOf = (prefix: string) => testUsername(prefix).replace(/_/g, '-');

describe.each(storeKinds())('channels (%s)', { timeout: 120_000 }, (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let rival: TestUser;
  let staff: TestUser;
  /** Public GIF ids in a stable order, and a tag several of them carry. */
  let gifs: string[];
  let tag: { name: string; gifs: string[] };

  beforeAll(async () => {
    server = await startAccountsServer(kind, { jobs: { intervalMs: 100, magicSweepMs: 300, batchSize: 3 } });
    [creator, rival, staff] = await Promise.all([server.makeUser('creator'), server.makeUser('creator'), server.makeUser('staff')]);
    gifs = (
      await server.db
        .selectFrom('gifs')
        .select('id')
        .where('type', '=', 'gif')
        .where('is_hidden', '=', false)
        .where('is_removed', '=', false)
        .orderBy('id')
        .limit(40)
        .execute()
    ).map((g) => g.id);
    const tags = await sql<{
      t: string;
      n: string;
    }>`SELECT t, count(*) AS n FROM gifs, unnest(tags) t WHERE NOT is_hidden AND NOT is_removed GROUP BY t HAVING count(*) BETWEEN 4 AND 12 ORDER BY count(*) DESC, t LIMIT 1`.execute(
      server.store.db,
    );
    const name = tags.rows[0]!.t;
    const carrying = await server.db
      .selectFrom('gifs')
      .select('id')
      .where(sql<boolean>`tags @> ARRAY[${name}]::text[]`)
      .where('is_hidden', '=', false)
      .where('is_removed', '=', false)
      .execute();
    tag = { name, gifs: carrying.map((g) => g.id) };
  });
  afterAll(async () => {
    await server?.close();
  });

  const as = (user: TestUser) => ({
    get: (path: string) => server.call('GET', path, { as: user }),
    post: (path: string, json: unknown) => server.call('POST', path, { as: user, json }),
    patch: (path: string, json: unknown) => server.call('PATCH', path, { as: user, json }),
    delete: (path: string) => server.call('DELETE', path, { as: user }),
  });
  async function createChannel(user: TestUser, body: Record<string, unknown>) {
    const res = await as(user).post('/api/v4/channels/', { display_name: 'A channel', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: number; slug: string; flush_uuid: string; parent: number | null; position: number };
  }
  async function untilDone(job: string, user: TestUser = creator) {
    for (let i = 0; i < 200; i++) {
      const res = await as(user).get(`/api/v4/channels/retrieve-job/?job=${job}`);
      expect(res.status, res.text).toBe(200);
      if (res.body.data.status === 'DONE' || res.body.data.status === 'FAILED') return res.body.data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${job} did not finish`);
  }
  const feedIds = async (id: number, query = '') =>
    ((await server.call('GET', `/api/v4/channels/${id}/feed/?limit=100${query}`)).body.data as { id: string }[]).map((g) => g.id);
  const events = async (channel: number, type: string) =>
    (
      await server.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('stream', '=', 'channel')
        .where('stream_id', '=', String(channel))
        .where('type', '=', type)
        .orderBy('seq')
        .execute()
    ).map((e) => e.payload);

  it('builds a tree: a root and ordered children, read by id, slug and parent; children without a parent id are refused with SPEC 5’s message', async () => {
    const root = await createChannel(creator, { slug: slugOf('brand'), display_name: 'Brand', description: 'Our brand' });
    const second = await createChannel(creator, { slug: slugOf('second'), parent: root.id });
    const first = await createChannel(creator, { slug: slugOf('first'), parent: root.id, position: 0 });
    const children = await server.call('GET', `/api/v4/channels/${root.id}/children/`);
    expect(children.body.data.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
    const bySlug = await server.call('GET', `/api/v4/channels?slug=${first.slug}`);
    expect(bySlug.body.data).toMatchObject({ id: first.id, parent: root.id, ancestors: [{ id: root.id, slug: root.slug }] });
    const byId = await server.call('GET', `/api/v4/channels/${root.id}`);
    expect(byId.body.data).toMatchObject({
      id: root.id,
      slug: root.slug,
      has_children: true,
      user: { username: creator.username },
      description: 'Our brand',
    });
    for (const path of ['/api/v4/channels//children/', '/api/v4/channels/undefined/children/', '/api/v4/channels/null/children/']) {
      const res = await server.call('GET', path);
      expect([res.status, res.body.meta.msg]).toEqual([400, CHILDREN_WITHOUT_PARENT_MESSAGE]);
    }
    expect((await events(first.id, 'channel.created'))[0]).toMatchObject({ parent: root.id, actor: creator.userId, via: 'session' });
    const mine = await as(creator).get('/api/v4/channels?mine=true');
    expect(mine.body.data.map((c: { id: number }) => c.id)).toEqual([root.id]);
  });

  it('refuses a taken slug, someone else’s profile address, and a user without the creator role', async () => {
    const taken = await createChannel(creator, { slug: slugOf('taken') });
    expect((await as(creator).post('/api/v4/channels/', { slug: taken.slug, display_name: 'Again' })).status).toBe(409);
    const holder = await server.makeUser('user', { username: `squat${Date.now()}` });
    const profile = await as(creator).post('/api/v4/channels/', { slug: holder.username, display_name: 'Squat' });
    expect([profile.status, profile.body.field]).toEqual([409, 'slug']);
    const plain = await server.makeUser('user');
    expect((await as(plain).post('/api/v4/channels/', { slug: slugOf('plain'), display_name: 'Nope' })).status).toBe(403);
    expect((await as(rival).post('/api/v4/channels/', { slug: slugOf('under'), display_name: 'Under', parent: taken.id })).status).toBe(
      403,
    );
  });

  it('moves channels among siblings and to new parents, never into their own subtree', async () => {
    const root = await createChannel(creator, { slug: slugOf('tree') });
    const a = await createChannel(creator, { slug: slugOf('a'), parent: root.id });
    const b = await createChannel(creator, { slug: slugOf('b'), parent: root.id });
    const a1 = await createChannel(creator, { slug: slugOf('a1'), parent: a.id });
    const order = async (id: number) =>
      (await server.call('GET', `/api/v4/channels/${id}/children/`)).body.data.map((c: { id: number }) => c.id);
    expect(await order(root.id)).toEqual([a.id, b.id]);
    const reordered = await as(creator).post(`/api/v4/channels/${b.id}/move/`, { position: 0 });
    expect(reordered.status, reordered.text).toBe(200);
    expect(await order(root.id)).toEqual([b.id, a.id]);
    for (const target of [a.id, a1.id]) {
      const refused = await as(creator).post(`/api/v4/channels/${a.id}/move/`, { target_channel: target });
      expect([refused.status, refused.body.field]).toEqual([400, 'target_channel']);
    }
    const before = (await server.call('GET', `/api/v4/channels/${a1.id}`)).body.data.flush_uuid;
    const moved = await as(creator).post(`/api/v4/channels/${a.id}/move/`, { target_channel: b.id, position: 0 });
    expect(moved.status, moved.text).toBe(200);
    expect(await order(b.id)).toEqual([a.id]);
    expect(await order(root.id)).toEqual([b.id]);
    // Below the moved channel the breadcrumbs changed.
    const after = (await server.call('GET', `/api/v4/channels/${a1.id}`)).body.data;
    expect(after.ancestors.map((x: { id: number }) => x.id)).toEqual([root.id, b.id, a.id]);
    expect(after.flush_uuid).not.toBe(before);
    expect(await events(a.id, 'channel.moved')).toEqual([
      expect.objectContaining({ from_parent: root.id, to_parent: b.id, actor: creator.userId }),
    ]);
    const rivalMove = await as(rival).post(`/api/v4/channels/${b.id}/move/`, { position: 0 });
    expect(rivalMove.status).toBe(403);
  });

  it('edits fields and flags; hidden and private channels answer their managers only', async () => {
    const ch = await createChannel(creator, { slug: slugOf('edit') });
    const res = await as(creator).patch(`/api/v4/channels/${ch.id}/`, {
      display_name: 'Edited',
      description: 'Two\nlines',
      featured_gif: gifs[0],
      is_live: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      display_name: 'Edited',
      description: 'Two\nlines',
      is_live: true,
      featured_gif: { id: gifs[0] },
    });
    expect(res.body.data.flush_uuid).not.toBe(ch.flush_uuid);
    expect((await as(rival).patch(`/api/v4/channels/${ch.id}/`, { display_name: 'Mine now' })).status).toBe(403);
    expect((await as(staff).patch(`/api/v4/channels/${ch.id}/`, { is_private: true })).status).toBe(200);
    expect((await server.call('GET', `/api/v4/channels/${ch.id}`)).status).toBe(404);
    expect((await as(rival).get(`/api/v4/channels?slug=${ch.slug}`)).status).toBe(404);
    expect((await as(creator).get(`/api/v4/channels/${ch.id}`)).status).toBe(200);
    expect((await as(creator).patch(`/api/v4/channels/${ch.id}/`, { featured_gif: 'nosuchgif1' })).status).toBe(404);
    expect((await as(creator).patch(`/api/v4/channels/${ch.id}/`, { slug: 'renamed' })).status).toBe(400);
    expect(await events(ch.id, 'channel.updated')).toHaveLength(2);
  });

  it('takes banner and avatar pictures (multipart), served at their stored sizes; refuses what is not a picture', async () => {
    const ch = await createChannel(creator, { slug: slugOf('pics') });
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
    const form = new FormData();
    form.set('display_name', 'With pictures');
    form.set('banner', new Blob([new Uint8Array(await picture(2000, 900))], { type: 'image/png' }), 'banner.png');
    form.set('avatar', new Blob([new Uint8Array(await picture(640, 480))], { type: 'image/png' }), 'avatar.png');
    const res = await server.call('PATCH', `/api/v4/channels/${ch.id}/`, { as: creator, form });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.display_name).toBe('With pictures');
    for (const [field, width, height] of [
      ['banner_image', 1040, 260],
      ['avatar_image', 200, 200],
    ] as const) {
      const url = res.body.data[field] as string;
      const served = await fetch(url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
      expect(served.status, url).toBe(200);
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width, height });
    }
    const bad = new FormData();
    bad.set('avatar', new Blob(['not a picture'], { type: 'image/png' }), 'avatar.png');
    const refused = await server.call('PATCH', `/api/v4/channels/${ch.id}/`, { as: creator, form: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.msg).toContain('avatar');
  });

  it('fills a feed, reorders and removes GIFs, and pages it by offset and by cursor', async () => {
    const ch = await createChannel(creator, { slug: slugOf('feed') });
    const [g0, g1, g2, g3, g4] = gifs as [string, string, string, string, string];
    expect((await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: [g0, g1, g2] })).status).toBe(200);
    expect((await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: g3, position: 1 })).body.data.added).toEqual([g3]);
    expect(await feedIds(ch.id)).toEqual([g0, g3, g1, g2]);
    expect((await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: g0, position: 3 })).body.data.moved).toBe(g0);
    expect(await feedIds(ch.id)).toEqual([g3, g1, g2, g0]);
    expect((await as(creator).post('/api/v4/channel-gifs/remove/', { channel: ch.id, gif: g1 })).body.data.removed).toEqual([g1]);
    await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: g4 });
    expect(await feedIds(ch.id)).toEqual([g3, g2, g0, g4]);
    expect((await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: 'nosuchgif1' })).status).toBe(404);
    expect((await as(rival).post('/api/v4/channel-gifs/', { channel: ch.id, gif: g1 })).status).toBe(403);

    const page1 = await server.call('GET', `/api/v4/channels/${ch.id}/feed/?limit=3`);
    expect(page1.body.pagination).toEqual({ total_count: 4, count: 3, offset: 0 });
    expect(page1.body.data[0].analytics_response_payload).toBeTruthy();
    expect(await feedIds(ch.id, '&offset=3')).toEqual([g4]);
    const byCursor = await server.call('GET', `/api/v4/channels/${ch.id}/feed/?limit=3&cursor=${page1.body.next_cursor}`);
    expect(byCursor.body.data.map((g: { id: string }) => g.id)).toEqual([g4]);
    expect(byCursor.body.next_cursor).toBeUndefined();
    const defaults = await server.call('GET', `/api/v4/channels/${ch.id}/feed/`);
    expect(defaults.body.pagination.count).toBe(4);

    const holders = await server.call('GET', `/api/v4/channel-gifs/?gif=${g0},${g1}`);
    expect(holders.body.data.filter((h: { channel: number }) => h.channel === ch.id)).toEqual([
      expect.objectContaining({ gif: g0, channel: ch.id, position: 2 }),
    ]);
    expect((await events(ch.id, 'channel.gifs_added')).flatMap((e) => e.gifs as string[])).toEqual([g0, g1, g2, g3, g4]);
    expect(await events(ch.id, 'channel.gif_moved')).toEqual([expect.objectContaining({ gif: g0, from: 0, to: 3 })]);
  });

  it('adds many GIFs at once as an update job followed to DONE', async () => {
    const ch = await createChannel(creator, { slug: slugOf('bulk') });
    const res = await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: gifs.slice(0, 30) });
    expect(res.status, res.text).toBe(202);
    const done = await untilDone(res.body.data.job);
    expect(done).toMatchObject({ status: 'DONE', progress: { done: 30, added: 30, total: 30 }, channel: ch.id });
    expect(await feedIds(ch.id)).toEqual(gifs.slice(0, 30));
    expect((await as(rival).get(`/api/v4/channels/retrieve-job/?job=${res.body.data.job}`)).status).toBe(403);
    expect((await as(staff).get(`/api/v4/channels/retrieve-job/?job=${res.body.data.job}`)).status).toBe(200);
    expect((await as(staff).get('/api/v4/channels/retrieve-job/?job=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Another feature's job (a scheduled post's publishing) is no channel job: it answers as an unknown id, even its owner.
    const publishing = await enqueueJob(server.store.db, {
      kind: PUBLISH_JOB_KIND,
      payload: {},
      ownerId: creator.userId,
      createdBy: creator.userId,
      runAfter: new Date(Date.now() + 3_600_000),
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const user of [creator, staff]) {
      const status = async (job: string) => (await as(user).get(`/api/v4/channels/retrieve-job/?job=${job}`)).status;
      expect(await status(publishing)).toBe(await status(unknown));
    }
    expect((await as(staff).get(`/api/v4/channels/retrieve-job/?job=${publishing}`)).status).toBe(404);
  });

  it('keeps ranked tags in order through adds, moves and removals', async () => {
    const ch = await createChannel(creator, { slug: slugOf('ranked') });
    const add = async (t: string, rank?: number) =>
      (await as(creator).post('/api/v4/channel-ranked-tags/', { channel: ch.id, tag: t, ...(rank !== undefined ? { rank } : {}) })).body
        .data;
    const one = await add('One');
    const two = await add('two');
    const zero = await add('zero', 0);
    const shown = async () => (await server.call('GET', `/api/v4/channels/${ch.id}`)).body.data.tags.map((t: { tag: string }) => t.tag);
    expect(one.tag).toBe('one');
    expect(await shown()).toEqual(['zero', 'one', 'two']);
    expect((await as(creator).patch(`/api/v4/channel-ranked-tags/${two.id}/`, { rank: 0 })).status).toBe(200);
    expect(await shown()).toEqual(['two', 'zero', 'one']);
    expect((await as(creator).delete(`/api/v4/channel-ranked-tags/${zero.id}/`)).status).toBe(200);
    expect(await shown()).toEqual(['two', 'one']);
    expect((await as(creator).post(`/api/v4/channel-ranked-tags/${ch.id}/`, { tag: 'two' })).status).toBe(409);
    expect((await as(rival).delete(`/api/v4/channel-ranked-tags/${one.id}/`)).status).toBe(403);
  });

  it('magic tags pull in every public GIF carrying them, and later ones too; removing the tag lets them go', async () => {
    const ch = await createChannel(creator, { slug: slugOf('magic') });
    const manual = gifs.find((g) => !tag.gifs.includes(g))!;
    await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: manual });
    const added = await as(creator).post('/api/v4/channel-magic-tags/', { channel: ch.id, tag: tag.name });
    expect(added.status, added.text).toBe(202);
    const done = await untilDone(added.body.data.job);
    expect(done.status).toBe('DONE');
    expect(new Set(await feedIds(ch.id))).toEqual(new Set([manual, ...tag.gifs]));
    // Each tagged GIF added once, by the tag's own job or by a sweep that ran before it (every 300 ms here).
    const magicSoFar = (await events(ch.id, 'channel.gifs_added'))
      .filter((e) => e.source === 'magic_tag')
      .flatMap((e) => e.gifs as string[]);
    expect(magicSoFar.sort()).toEqual([...tag.gifs].sort());
    expect(done.progress.added).toBeLessThanOrEqual(tag.gifs.length);
    expect((await server.call('GET', `/api/v4/channels/${ch.id}`)).body.data.syncable_tags).toEqual([
      { id: added.body.data.id, channel: ch.id, tag: tag.name },
    ]);

    // A person's removal sticks; a GIF that gets the tag later joins by the sweep.
    await as(creator).post('/api/v4/channel-gifs/remove/', { channel: ch.id, gif: tag.gifs[0] });
    const later = gifs.find((g) => g !== manual && !tag.gifs.includes(g))!;
    await server.db
      .updateTable('gifs')
      .set({ tags: sql<string[]>`array_append(tags, ${tag.name})` })
      .where('id', '=', later)
      .execute();
    await expect.poll(() => feedIds(ch.id), { timeout: 15_000, interval: 100 }).toContain(later);
    expect(await feedIds(ch.id)).not.toContain(tag.gifs[0]);

    const removed = await as(creator).delete(`/api/v4/channel-magic-tags/${added.body.data.id}/`);
    expect(removed.status).toBe(202);
    await untilDone(removed.body.data.job);
    expect(await feedIds(ch.id)).toEqual([manual]);
    const magicAdds = (await events(ch.id, 'channel.gifs_added'))
      .filter((e) => e.source === 'magic_tag')
      .flatMap((e) => e.gifs as string[]);
    expect(magicAdds.sort()).toEqual([...tag.gifs, later].sort());
  });

  it('purges the edge’s cached channel search when the channel changes; flush_uuid follows every change', async () => {
    const ch = await createChannel(creator, { slug: slugOf('cached') });
    await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: gifs[5] });
    const search = `/v1/gifs/search?q=@${ch.slug}&api_key=${server.webKey}`;
    const first = await server.call('GET', search);
    const second = await server.call('GET', search);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(second.body.data.map((g: { id: string }) => g.id)).toEqual([gifs[5]]);
    const flush = (await server.call('GET', `/api/v4/channels/${ch.id}`)).body.data.flush_uuid;
    await as(creator).post('/api/v4/channel-gifs/', { channel: ch.id, gif: gifs[6] });
    const third = await server.call('GET', search);
    expect(third.headers.get('x-cache')).toBe('MISS');
    expect(third.body.data.map((g: { id: string }) => g.id).sort()).toEqual([gifs[5], gifs[6]].sort());
    expect((await server.call('GET', `/api/v4/channels/${ch.id}`)).body.data.flush_uuid).not.toBe(flush);
    expect(third.headers.get('loopbox-purge')).toBeNull();
  });
});
