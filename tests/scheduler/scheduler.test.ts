/**
 * The scheduler service (SPEC 7.5) through npm start's wiring, on both stores: GIFs scheduled a
 * minute ahead stay private, and when the test moves the clock past their time the job runner makes
 * them public (by id, in search, on the creator's profile, in trending) exactly once; the list, the
 * activity feed, cancelling, and the 400s (past time, GIFs not the caller's, an empty list).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const MINUTE = 60_000;

describe.each(storeKinds())('scheduler service (%s)', (kind) => {
  let server: AccountsServer;
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  beforeAll(async () => {
    server = await startAccountsServer(kind, { clock: () => new Date(now()), jobs: { intervalMs: 100 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** GIFs a test already took: never handed out twice. */
  const taken = new Set<string>(['']);
  /** `count` public seeded GIFs no other test has, given to `owner`, rated g (as search shows by default), each with a tag of its own to search by. */
  async function gifsOf(owner: TestUser, count: number, type: 'gif' | 'sticker' = 'gif'): Promise<{ id: string; tag: string }[]> {
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', type)
      .where('id', 'not in', [...taken])
      .orderBy(sql`random()`)
      .limit(count)
      .execute();
    const out = [];
    for (const { id } of rows) {
      taken.add(id);
      // Letters only: a word the full-text parser keeps whole.
      const tag = `sched${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
      await sql`UPDATE gifs SET user_id = ${owner.userId}, tags = ARRAY[${tag}]::text[], rating = 'g', trending_datetime = NULL WHERE id = ${id}`.execute(
        server.store.db,
      );
      out.push({ id, tag });
    }
    return out;
  }
  const visibility = async (id: string) =>
    (await sql<{ v: string }>`SELECT visibility AS v FROM gifs WHERE id = ${id}`.execute(server.store.db)).rows[0]!.v;
  const publicRead = (path: string) =>
    server.call('GET', `${path}${path.includes('?') ? '&' : '?'}api_key=${server.webKey}`, { direct: true });
  const found = async (q: string) =>
    ((await publicRead(`/v1/gifs/search?q=${encodeURIComponent(q)}&limit=50`)).body.data as { id: string }[]).map((g) => g.id);
  /** Public GIFs are made private until their time unless `public_gifs` says otherwise (or is left out, null). */
  const schedule = (as: TestUser, gifs: { id: string }[], at: number, type = 'gif', publicGifs: string | null = 'private_until_publish') =>
    server.call('POST', '/schedule', {
      as,
      via: 'token',
      json: {
        gifs: gifs.map((g) => ({ id: g.id, is_sticker: type === 'sticker', type })),
        timestamp: new Date(at).toISOString(),
        ...(publicGifs ? { public_gifs: publicGifs } : {}),
      },
    });
  /**
   * Moves the test's clock on by `ms` and waits until the job runner has run at the new time: a
   * canary post of another creator, due a second before the new time, goes public. What a test then
   * finds not yet done was left by a runner that did look.
   */
  async function moveClockPastARunnerPass(ms: number) {
    const owner = await server.makeUser('creator');
    const [canary] = await gifsOf(owner, 1);
    expect((await schedule(owner, [canary!], now() + ms - 1000)).status).toBe(201);
    offsetMs += ms;
    await until(async () => (await visibility(canary!.id)) === 'public', 'the job runner to pass at the new time');
  }
  let profile: string[] = [];
  async function until(check: () => Promise<boolean>, what: string, refresh?: () => Promise<unknown>) {
    for (let i = 0; i < 100; i++) {
      await refresh?.();
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`still waiting for ${what}`);
  }

  it('keeps scheduled GIFs private until their time, then makes them public everywhere, exactly once', async () => {
    const creator = await server.makeUser('creator');
    await server.store.db.updateTable('users').set({ is_public: true }).where('id', '=', creator.userId).execute();
    const gifs = await gifsOf(creator, 2);
    const res = await schedule(creator, gifs, now() + MINUTE);
    expect(res.status).toBe(201);
    const postId = res.body.data.id as string;
    for (const g of gifs) {
      expect(await visibility(g.id)).toBe('scheduled');
      expect((await publicRead(`/v1/gifs/${g.id}`)).status).toBe(404);
      expect(await found(g.tag)).toEqual([]);
    }
    const listed = await server.call('GET', '/schedule', { as: creator, via: 'token' });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: postId, state: 'scheduled' });
    expect(listed.body.data[0].gifs.map((g: { id: string }) => g.id).sort()).toEqual(gifs.map((g) => g.id).sort());
    expect(listed.body.data[0].gifs[0].gif.images.fixed_width.url).toContain('/media/');

    // Half a minute on: not yet.
    await moveClockPastARunnerPass(MINUTE / 2);
    expect(await visibility(gifs[0]!.id)).toBe('scheduled');

    offsetMs += MINUTE;
    await until(
      async () => (await visibility(gifs[1]!.id)) === 'public' && (await visibility(gifs[0]!.id)) === 'public',
      'the GIFs to go public',
    );
    // Search rankings are kept per content version, reread at most once a second (content/content-version.ts).
    for (const g of gifs) {
      expect((await publicRead(`/v1/gifs/${g.id}`)).status).toBe(200);
      await until(async () => (await found(g.tag)).join() === g.id, `${g.id} in search`);
    }
    await until(
      async () => gifs.every((g) => profile.includes(g.id)),
      'the GIFs on the creator’s profile',
      async () => (profile = await found(`@${creator.username}`)),
    );
    const trending = await sql<{
      id: string;
    }>`SELECT id FROM gifs WHERE id = ANY(${gifs.map((g) => g.id)}::text[]) AND trending_datetime IS NOT NULL`.execute(server.store.db);
    expect(trending.rows).toHaveLength(2);

    const events = await sql<{
      type: string;
    }>`SELECT type FROM events WHERE stream = 'schedule' AND stream_id = ${postId} ORDER BY seq`.execute(server.store.db);
    expect(events.rows.map((e) => e.type)).toEqual(['schedule.created', 'schedule.published']);
    const published = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM events WHERE stream = 'gif' AND stream_id = ANY(${gifs.map((g) => g.id)}::text[]) AND payload->>'schedule' = ${postId} AND payload->'changes'->>'visibility' = 'public'`.execute(
      server.store.db,
    );
    expect(published.rows[0]!.n).toBe(2);

    expect((await server.call('GET', '/schedule', { as: creator, via: 'token' })).body.data).toEqual([]);
    const activity = await server.call('GET', '/activity', { as: creator, via: 'token' });
    expect(activity.body.data.map((a: { action: string; post_id: string }) => [a.action, a.post_id])).toEqual([
      ['published', postId],
      ['scheduled', postId],
    ]);
    expect((await server.call('DELETE', `/schedule/${postId}`, { as: creator, via: 'token' })).status).toBe(409);
  });

  it('refuses a time in the past, GIFs not the caller’s, an empty list and bad shapes with a 400 naming the field', async () => {
    const creator = await server.makeUser('creator');
    const other = await server.makeUser('creator');
    const [mine] = await gifsOf(creator, 1);
    const [theirs] = await gifsOf(other, 1);
    const posts = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM scheduled_posts`.execute(server.store.db)).rows[0]!.n;
    const before = await posts();
    const cases: [unknown, string][] = [
      [{ gifs: [{ id: mine!.id, is_sticker: false, type: 'gif' }], timestamp: new Date(now() - MINUTE).toISOString() }, 'timestamp'],
      [{ gifs: [{ id: mine!.id, is_sticker: false, type: 'gif' }], timestamp: 'tomorrow' }, 'timestamp'],
      [{ gifs: [{ id: theirs!.id, is_sticker: false, type: 'gif' }], timestamp: new Date(now() + MINUTE).toISOString() }, 'gifs'],
      [
        {
          gifs: [
            { id: mine!.id, is_sticker: false, type: 'gif' },
            { id: 'NoSuchGif42', is_sticker: false, type: 'gif' },
          ],
          timestamp: new Date(now() + MINUTE).toISOString(),
        },
        'gifs',
      ],
      [{ gifs: [], timestamp: new Date(now() + MINUTE).toISOString() }, 'gifs'],
      [{ gifs: [{ id: mine!.id, is_sticker: 'no', type: 'gif' }], timestamp: new Date(now() + MINUTE).toISOString() }, 'gifs'],
      [{ gifs: [{ id: mine!.id, is_sticker: false, type: 'photo' }], timestamp: new Date(now() + MINUTE).toISOString() }, 'gifs'],
    ];
    for (const [json, field] of cases) {
      const res = await server.call('POST', '/schedule', { as: creator, via: 'token', json });
      expect({ status: res.status, field: res.body.field }).toEqual({ status: 400, field });
    }
    expect(await posts()).toBe(before);
    expect(await visibility(mine!.id)).toBe('public');
    expect((await schedule(await server.makeUser('user'), [mine!], now() + MINUTE)).status).toBe(403);
    expect(
      (
        await server.call('POST', '/schedule', {
          json: { gifs: [{ id: mine!.id, is_sticker: false, type: 'gif' }], timestamp: new Date(now() + MINUTE).toISOString() },
        })
      ).status,
    ).toBe(401);
    // A GIF already waiting in a post cannot join another.
    expect((await schedule(creator, [mine!], now() + MINUTE)).status).toBe(201);
    expect((await schedule(creator, [mine!], now() + 2 * MINUTE)).status).toBe(409);
    expect((await server.call('GET', '/schedule?limit=0', { as: creator, via: 'token' })).status).toBe(400);
    expect((await server.call('GET', '/schedule?type=photo', { as: creator, via: 'token' })).status).toBe(400);
    expect((await server.call('DELETE', '/schedule/not-a-uuid', { as: creator, via: 'token' })).status).toBe(400);
  });

  it('asks first when a GIF is public: a 400 naming public_gifs changes nothing; private GIFs need no answer', async () => {
    const creator = await server.makeUser('creator');
    const [pub, priv] = await gifsOf(creator, 2);
    await sql`UPDATE gifs SET visibility = 'private' WHERE id = ${priv!.id}`.execute(server.store.db);
    const posts = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM scheduled_posts`.execute(server.store.db)).rows[0]!.n;
    const before = await posts();
    const unasked = await schedule(creator, [pub!, priv!], now() + MINUTE, 'gif', null);
    expect({ status: unasked.status, field: unasked.body.field }).toEqual({ status: 400, field: 'public_gifs' });
    expect(unasked.body.meta.msg).toContain(pub!.id);
    expect(unasked.body.meta.msg).toContain("'stay_public'");
    const wrong = await schedule(creator, [pub!], now() + MINUTE, 'gif', 'sometimes');
    expect({ status: wrong.status, field: wrong.body.field }).toEqual({ status: 400, field: 'public_gifs' });
    expect([await posts(), await visibility(pub!.id), await visibility(priv!.id)]).toEqual([before, 'public', 'private']);
    const privateOnly = await schedule(creator, [priv!], now() + MINUTE, 'gif', null);
    expect(privateOnly.status).toBe(201);
    expect(privateOnly.body.meta.status).toBe(201);
    expect(await visibility(priv!.id)).toBe('scheduled');
  });

  it('keeps a public GIF public when asked (stay_public) and schedules only its promotion to trending', async () => {
    const creator = await server.makeUser('creator');
    const [kept, held] = await gifsOf(creator, 2);
    await sql`UPDATE gifs SET visibility = 'private' WHERE id = ${held!.id}`.execute(server.store.db);
    const res = await schedule(creator, [kept!, held!], now() + MINUTE, 'gif', 'stay_public');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ public_gifs: 'stay_public', kept_public: [kept!.id] });
    const postId = res.body.data.id as string;
    // Public all along: its link answers and search finds it; the private one waits as before.
    expect([await visibility(kept!.id), await visibility(held!.id)]).toEqual(['public', 'scheduled']);
    expect((await publicRead(`/v1/gifs/${kept!.id}`)).status).toBe(200);
    await until(async () => (await found(kept!.tag)).join() === kept!.id, `${kept!.id} in search`);
    const trendingSince = async (id: string) =>
      (await sql<{ t: Date | null }>`SELECT trending_datetime AS t FROM gifs WHERE id = ${id}`.execute(server.store.db)).rows[0]!.t;
    expect(await trendingSince(kept!.id)).toBeNull();
    const listed = (await server.call('GET', '/schedule', { as: creator, via: 'token' })).body.data.find(
      (p: { id: string }) => p.id === postId,
    );
    expect(Object.fromEntries(listed.gifs.map((g: { id: string; stays_public: boolean }) => [g.id, g.stays_public]))).toEqual({
      [kept!.id]: true,
      [held!.id]: false,
    });

    offsetMs += 2 * MINUTE;
    await until(async () => (await visibility(held!.id)) === 'public', 'the held GIF to go public');
    const promotedAt = await trendingSince(kept!.id);
    expect(promotedAt?.toISOString()).toBe(res.body.data.publish_at);
    // Only the held GIF's visibility changed: the kept one has no scheduled/public events of this post.
    const changes = await sql<{
      id: string;
      v: string;
    }>`SELECT stream_id AS id, payload->'changes'->>'visibility' AS v FROM events WHERE stream = 'gif' AND payload->>'schedule' = ${postId} ORDER BY seq`.execute(
      server.store.db,
    );
    expect(changes.rows.filter((r) => r.id === kept!.id).map((r) => r.v)).toEqual(['public']);
    expect(changes.rows.filter((r) => r.id === held!.id).map((r) => r.v)).toEqual(['scheduled', 'public']);
  });

  it('cancelling a stay_public post leaves its public GIF public and unpromoted', async () => {
    const creator = await server.makeUser('creator');
    const [kept] = await gifsOf(creator, 1);
    const postId = (await schedule(creator, [kept!], now() + MINUTE, 'gif', 'stay_public')).body.data.id as string;
    expect((await server.call('DELETE', `/schedule/${postId}`, { as: creator, via: 'token' })).status).toBe(200);
    expect(await visibility(kept!.id)).toBe('public');
    await moveClockPastARunnerPass(2 * MINUTE);
    const t = await sql<{ t: Date | null }>`SELECT trending_datetime AS t FROM gifs WHERE id = ${kept!.id}`.execute(server.store.db);
    expect(t.rows[0]!.t).toBeNull();
  });

  it('cancels a waiting post: its GIFs are as they were, and its time passes without publishing', async () => {
    const creator = await server.makeUser('creator');
    const [gif, unlisted] = await gifsOf(creator, 2);
    await sql`UPDATE gifs SET visibility = 'unlisted' WHERE id = ${unlisted!.id}`.execute(server.store.db);
    const postId = (await schedule(creator, [gif!, unlisted!], now() + MINUTE)).body.data.id as string;
    expect((await server.call('DELETE', `/schedule/${postId}`, { as: await server.makeUser('creator'), via: 'token' })).status).toBe(403);
    const cancelled = await server.call('DELETE', `/schedule/${postId}`, { as: creator });
    expect(cancelled.status).toBe(200);
    expect([await visibility(gif!.id), await visibility(unlisted!.id)]).toEqual(['public', 'unlisted']);
    const job = await sql<{
      state: string;
    }>`SELECT j.state FROM jobs j JOIN scheduled_posts p ON p.job_id = j.id WHERE p.id = ${postId}`.execute(server.store.db);
    expect(job.rows[0]!.state).toBe('done');
    await moveClockPastARunnerPass(2 * MINUTE);
    const post = await sql<{ state: string }>`SELECT state FROM scheduled_posts WHERE id = ${postId}`.execute(server.store.db);
    expect(post.rows[0]!.state).toBe('cancelled');
    expect((await server.call('DELETE', `/schedule/${postId}`, { as: creator, via: 'token' })).status).toBe(409);
    const activity = (await server.call('GET', '/activity', { as: creator, via: 'token' })).body.data;
    expect(activity.map((a: { action: string }) => a.action)).toEqual(['cancelled', 'scheduled']);
    // Staff cancel anyone's post.
    const again = (await schedule(creator, [gif!], now() + MINUTE)).body.data.id as string;
    expect((await server.call('DELETE', `/schedule/${again}`, { as: await server.makeUser('staff'), via: 'token' })).status).toBe(200);
  });

  it('pages the waiting posts by limit and offset, filtered by type (gif by default)', async () => {
    const creator = await server.makeUser('creator');
    const gifs = await gifsOf(creator, 3);
    const stickers = await gifsOf(creator, 1, 'sticker');
    for (const [i, g] of gifs.entries()) expect((await schedule(creator, [g], now() + (i + 1) * MINUTE)).status).toBe(201);
    expect((await schedule(creator, stickers, now() + MINUTE, 'sticker')).status).toBe(201);
    const page = async (query: string) => (await server.call('GET', `/schedule${query}`, { as: creator, via: 'token' })).body;
    const all = await page('');
    expect(all.pagination).toEqual({ total_count: 3, count: 3, offset: 0 });
    expect(all.data.map((p: { gifs: { id: string }[] }) => p.gifs[0]!.id)).toEqual(gifs.map((g) => g.id));
    const second = await page('?limit=1&offset=1');
    expect(second.data.map((p: { gifs: { id: string }[] }) => p.gifs[0]!.id)).toEqual([gifs[1]!.id]);
    expect((await page('?type=sticker')).data.map((p: { gifs: { id: string }[] }) => p.gifs[0]!.id)).toEqual([stickers[0]!.id]);
  });
});
