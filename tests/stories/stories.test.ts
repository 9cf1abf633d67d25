/**
 * The stories service (SPEC 5, 7.4) through npm start's wiring, on both stores: create, update (POST
 * with story_id), replace (PUT), delete; reads by id, slug and username with cursor paging and
 * drafts; the partner-artist window; trending from a publish_datetime on (the test moves the clock);
 * validation; and a domain event for every change.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_USERNAME_MESSAGE, STORIES_PATH } from '../../apps/server/src/stories/constants.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('stories service (%s)', (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let gifs: string[];
  let offsetMs = 0;

  const events = async (storyId: string) =>
    (
      await sql<{ type: string }>`SELECT type FROM events WHERE stream = 'story' AND stream_id = ${storyId} ORDER BY seq`.execute(
        server.store.db,
      )
    ).rows.map((r) => r.type);
  const newStory = (as: TestUser, body: Record<string, unknown>, via: 'session' | 'token' = 'token') =>
    server.call('POST', STORIES_PATH, { as, via, json: body });

  beforeAll(async () => {
    server = await startAccountsServer(kind, { clock: () => new Date(Date.now() + offsetMs) });
    creator = await server.makeUser('creator');
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .orderBy('id')
      .limit(4)
      .execute();
    gifs = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a draft with a token, shows it to its author only, and publishes it by POST with its story_id', async () => {
    const created = await newStory(creator, {
      title: 'A day at the beach',
      description: 'Sun.',
      gifs: [
        { gif_id: gifs[0], caption: 'Morning' },
        { gif_id: gifs[1], caption: 'Noon' },
      ],
    });
    expect(created.status).toBe(201);
    const story = created.body.data;
    expect(story).toMatchObject({
      title: 'A day at the beach',
      is_published: false,
      published_at: null,
      gif_count: 2,
      user: { username: creator.username },
    });
    expect(story.slug).toMatch(/^a-day-at-the-beach-[0-9a-f]{8}$/);
    expect(story.gifs.map((g: { caption: string; gif: { id: string } }) => [g.gif.id, g.caption])).toEqual([
      [gifs[0], 'Morning'],
      [gifs[1], 'Noon'],
    ]);
    expect(story.gifs[0].gif.analytics_response_payload).toBeTruthy();
    expect(story.cover_gif.id).toBe(gifs[0]);

    expect((await server.call('GET', `${STORIES_PATH}/${story.story_id}`)).status).toBe(401);
    expect(
      (await server.call('GET', `${STORIES_PATH}/${story.story_id}`, { as: await server.makeUser('creator'), via: 'token' })).status,
    ).toBe(403);
    expect((await server.call('GET', `${STORIES_PATH}/${story.story_id}`, { as: creator, via: 'token' })).status).toBe(200);

    const published = await server.call('POST', STORIES_PATH, {
      as: creator,
      json: { story_id: story.story_id, is_published: true, cover_gif_id: gifs[1] },
    });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({
      story_id: story.story_id,
      title: 'A day at the beach',
      is_published: true,
      cover_gif: { id: gifs[1] },
      gif_count: 2,
    });
    expect(published.body.data.published_at).not.toBeNull();

    const bySlug = await server.call('GET', `${STORIES_PATH}/slug/${story.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.gifs).toHaveLength(2);
    expect(await events(story.story_id)).toEqual(['story.created', 'story.updated', 'story.published']);
  });

  it('replaces a story by PUT, refuses another creator, and deletes it', async () => {
    const { body } = await newStory(creator, { title: 'First draft', gifs: [{ gif_id: gifs[0] }], is_published: true });
    const id = body.data.story_id as string;
    const other = await server.makeUser('creator');
    const before = await server.call('GET', `${STORIES_PATH}/${id}`);
    expect(
      (await server.call('PUT', `${STORIES_PATH}/${id}`, { as: other, via: 'token', json: { title: 'Taken', gifs: [] } })).status,
    ).toBe(403);
    expect((await server.call('DELETE', `${STORIES_PATH}/${id}`, { as: other })).status).toBe(403);
    expect((await server.call('GET', `${STORIES_PATH}/${id}`)).body.data.title).toBe(before.body.data.title);

    const put = await server.call('PUT', `${STORIES_PATH}/${id}`, {
      as: creator,
      via: 'token',
      json: {
        title: 'Second draft',
        gifs: [
          { gif_id: gifs[2], caption: 'New' },
          { gif_id: gifs[0], caption: 'Old' },
        ],
      },
    });
    expect(put.status).toBe(200);
    // PUT replaces: what it leaves out (is_published) goes back to its default.
    expect(put.body.data).toMatchObject({ title: 'Second draft', is_published: false, gif_count: 2 });
    expect(put.body.data.gifs.map((g: { gif: { id: string } }) => g.gif.id)).toEqual([gifs[2], gifs[0]]);

    const staff = await server.makeUser('staff');
    expect((await server.call('DELETE', `${STORIES_PATH}/${id}`, { as: staff, via: 'token' })).status).toBe(200);
    expect((await server.call('GET', `${STORIES_PATH}/${id}`, { as: creator, via: 'token' })).status).toBe(404);
    expect(await events(id)).toEqual(['story.created', 'story.published', 'story.updated', 'story.deleted']);
  });

  it('lists a user’s stories newest first with cursor paging, drafts only for those who may edit them', async () => {
    const author = await server.makeUser('creator');
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three'])
      ids.push((await newStory(author, { title, gifs: [{ gif_id: gifs[0] }], is_published: true })).body.data.story_id);
    const draft = (await newStory(author, { title: 'Draft', gifs: [] })).body.data.story_id as string;

    const first = await server.call('GET', `${STORIES_PATH}?username=${author.username}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((s: { title: string }) => s.title)).toEqual(['Three', 'Two']);
    expect(first.body.data[0].gifs).toBeUndefined();
    const cursor = first.body.pagination.next_cursor;
    expect(cursor).toBeTypeOf('number');
    const second = await server.call('GET', `${STORIES_PATH}?username=${author.username}&limit=2&next_cursor=${cursor}`);
    expect(second.body.data.map((s: { title: string }) => s.title)).toEqual(['One']);
    expect(second.body.pagination.next_cursor).toBeUndefined();

    const mine = await server.call('GET', `${STORIES_PATH}?username=${author.username}&fetch_unpublished=true`, {
      as: author,
      via: 'token',
    });
    expect(mine.body.data.map((s: { story_id: string }) => s.story_id)).toEqual([draft, ...ids.reverse()]);
    expect((await server.call('GET', `${STORIES_PATH}?username=${author.username}&fetch_unpublished=true`)).status).toBe(401);
    expect(
      (await server.call('GET', `${STORIES_PATH}?username=${author.username}&fetch_unpublished=true`, { as: creator, via: 'token' }))
        .status,
    ).toBe(403);

    const missing = await server.call('GET', `${STORIES_PATH}?limit=2`);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ meta: { status: 400, msg: NO_USERNAME_MESSAGE }, field: 'username' });
    expect((await server.call('GET', `${STORIES_PATH}?username=nobody_here_at_all`)).status).toBe(404);
  });

  it('lists verified partner artists’ published stories in a window', async () => {
    const artist = await server.makeUser('creator');
    const plain = await server.makeUser('creator');
    await server.store.db.updateTable('users').set({ is_verified: true }).where('id', '=', artist.userId).execute();
    const shown = (await newStory(artist, { title: 'Partner story', gifs: [{ gif_id: gifs[0] }], is_published: true })).body.data;
    await newStory(artist, { title: 'Partner draft', gifs: [] });
    await newStory(plain, { title: 'Not a partner', gifs: [], is_published: true });
    const all = await server.call('GET', `${STORIES_PATH}/partnerArtist`);
    const titles = all.body.data.map((s: { title: string }) => s.title);
    expect(titles).toContain('Partner story');
    expect(titles).not.toContain('Partner draft');
    expect(titles).not.toContain('Not a partner');
    const since = new Date(new Date(shown.published_at).getTime() + 1000).toISOString();
    const later = await server.call('GET', `${STORIES_PATH}/partnerArtist?since=${encodeURIComponent(since)}`);
    expect(later.body.data.map((s: { title: string }) => s.title)).not.toContain('Partner story');
    const until = new Date(new Date(shown.published_at).getTime() - 1000).toISOString();
    expect(
      (await server.call('GET', `${STORIES_PATH}/partnerArtist?until=${encodeURIComponent(until)}`)).body.data.map(
        (s: { title: string }) => s.title,
      ),
    ).not.toContain('Partner story');
    expect(
      (await server.call('GET', `${STORIES_PATH}/partnerArtist?since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`))
        .status,
    ).toBe(400);
    expect((await server.call('GET', `${STORIES_PATH}/partnerArtist?limit=0`)).status).toBe(400);
  });

  it('lists everyone’s latest published stories newest first, without their GIFs and never a draft', async () => {
    const author = await server.makeUser('creator');
    const older = (await newStory(author, { title: 'Older', gifs: [{ gif_id: gifs[0] }], is_published: true })).body.data;
    const newer = (await newStory(author, { title: 'Newer', gifs: [], is_published: true })).body.data;
    await newStory(author, { title: 'Unpublished', gifs: [] });
    const latest = await server.call('GET', `${STORIES_PATH}/latest?limit=2`);
    expect(latest.status, latest.body.meta.msg).toBe(200);
    expect(latest.body.data.map((s: { story_id: string }) => s.story_id)).toEqual([newer.story_id, older.story_id]);
    expect(latest.body.pagination).toEqual({ count: 2, offset: 0 });
    expect(latest.body.data[1]).toMatchObject({ gif_count: 1, cover_gif: { id: gifs[0] }, user: { username: author.username } });
    expect(latest.body.data[1].gifs).toBeUndefined();
  });

  it('shows a trending story from its publish_datetime on; staff alone put it there and take it out', async () => {
    const story = (await newStory(creator, { title: 'Trending soon', gifs: [{ gif_id: gifs[3] }], is_published: true })).body.data;
    const staff = await server.makeUser('staff');
    const at = new Date(Date.now() + offsetMs + 60 * 60_000).toISOString();
    expect(
      (
        await server.call('POST', `${STORIES_PATH}/trending`, {
          as: creator,
          via: 'token',
          json: { story_id: story.story_id, publish_datetime: at },
        })
      ).status,
    ).toBe(403);
    const put = await server.call('POST', `${STORIES_PATH}/trending`, {
      as: staff,
      via: 'token',
      json: { story_id: story.story_id, publish_datetime: at },
    });
    expect(put.status).toBe(201);
    const ids = async (sort = '') =>
      (await server.call('GET', `${STORIES_PATH}/trending${sort}`)).body.data.map((s: { story_id: string }) => s.story_id);
    expect(await ids()).not.toContain(story.story_id);
    offsetMs += 2 * 60 * 60_000;
    expect(await ids()).toContain(story.story_id);
    const listed = (await server.call('GET', `${STORIES_PATH}/trending?sort=publish_datetime`)).body.data.find(
      (s: { story_id: string }) => s.story_id === story.story_id,
    );
    expect(listed.trending.publish_datetime).toBe(at);
    expect((await server.call('GET', `${STORIES_PATH}/trending?sort=sideways`)).status).toBe(400);
    expect((await server.call('DELETE', `${STORIES_PATH}/trending/${story.story_id}`, { as: staff })).status).toBe(200);
    expect(await ids()).not.toContain(story.story_id);
    expect((await server.call('DELETE', `${STORIES_PATH}/trending/${story.story_id}`, { as: staff })).status).toBe(404);
    expect((await events(story.story_id)).slice(-2)).toEqual(['story.trending_added', 'story.trending_removed']);
  });

  it('refuses bad stories with a 400 naming the field, and changes nothing', async () => {
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM stories`.execute(server.store.db)).rows[0]!.n;
    const before = await count();
    const privateGif = gifs[3]!;
    const other = await server.makeUser('creator');
    await server.store.db.updateTable('gifs').set({ user_id: other.userId }).where('id', '=', privateGif).execute();
    await sql`UPDATE gifs SET visibility = 'private' WHERE id = ${privateGif}`.execute(server.store.db);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ title: '', gifs: [] }, 'title', 400],
      [{ title: 'x'.repeat(141), gifs: [] }, 'title', 400],
      [{ title: 'No gifs' }, 'gifs', 400],
      [{ title: 'Ghost', gifs: [{ gif_id: 'NoSuchGif123' }] }, 'gifs', 400],
      [{ title: 'Someone else’s private GIF', gifs: [{ gif_id: privateGif }] }, 'gifs', 400],
      [{ title: 'Bad slug', slug: 'Not A Slug', gifs: [] }, 'slug', 400],
      [{ title: 'Bad id', story_id: 'not-a-uuid' }, 'story_id', 400],
      [{ title: 'Long caption', gifs: [{ gif_id: gifs[0], caption: 'x'.repeat(281) }] }, 'gifs', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await newStory(creator, body);
      expect({ field, status: res.status, named: res.body.field }).toEqual({ field, status, named: field });
    }
    await sql`UPDATE gifs SET visibility = 'public' WHERE id = ${privateGif}`.execute(server.store.db);
    const taken = (await newStory(creator, { title: 'Taken slug', slug: 'taken-slug', gifs: [] })).status;
    expect(taken).toBe(201);
    expect((await newStory(creator, { title: 'Again', slug: 'taken-slug', gifs: [] })).status).toBe(409);
    expect(await count()).toBe(before + 1);
    expect((await server.call('GET', `${STORIES_PATH}/not-a-uuid`)).status).toBe(400);
    expect((await server.call('GET', `${STORIES_PATH}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    // A user who is not a creator may not write stories.
    expect((await newStory(await server.makeUser('user'), { title: 'Mine', gifs: [] })).status).toBe(403);
    expect((await server.call('POST', STORIES_PATH, { json: { title: 'Anonymous', gifs: [] } })).status).toBe(401);
  });
});
