/**
 * Takedowns through the real wiring: 500 GIFs taken down in one transaction, owners mailed through
 * the outbox to a real SMTP server; a list naming an unknown GIF changes nothing and says which item.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const COUNT = 500;

describe.each(storeKinds())('moderation: takedowns (%s)', (kind) => {
  let server: AccountsServer;
  let staff: TestUser;
  let owners: TestUser[];
  const ids = Array.from({ length: COUNT }, (_, i) => `takedown${String(i).padStart(4, '0')}x`);

  beforeAll(async () => {
    server = await startAccountsServer(kind, { smtp: true });
    staff = await server.makeUser('staff');
    owners = [await server.makeUser('creator'), await server.makeUser('creator')];
    // 500 GIFs sharing a seeded GIF's renditions, owned in turn by the two creators.
    await sql`
      INSERT INTO gifs (id, type, slug, title, rating, user_id, images, tags)
      SELECT t.id, 'gif', 'takedown-' || t.id, 'Takedown ' || t.id, 'g', CASE WHEN t.n % 2 = 0 THEN ${owners[0]!.userId}::int ELSE ${owners[1]!.userId}::int END, s.images, ARRAY['takedownable']
      FROM unnest(${ids}::text[]) WITH ORDINALITY AS t(id, n), (SELECT images FROM gifs WHERE type = 'gif' ORDER BY id LIMIT 1) s`.execute(
      server.store.db,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const removedCount = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM gifs WHERE id = ANY(${ids}::text[]) AND is_removed`.execute(server.store.db))
      .rows[0]!.n;
  const counts = async () =>
    (
      await sql<{
        t: number;
        e: number;
        m: number;
      }>`SELECT (SELECT count(*)::int FROM takedowns) AS t, (SELECT count(*)::int FROM events WHERE type IN ('takedown.filed', 'gif.moderated')) AS e, (SELECT count(*)::int FROM mail_outbox) AS m`.execute(
        server.store.db,
      )
    ).rows[0];
  const items = (list: string[]) => list.map((gif_id, i) => ({ gif_id, reason: i % 3 === 0 ? 'copyright' : 'terms_violation' }));
  const file = (json: unknown, as: TestUser = staff) => server.call('POST', '/api/v3/content-takedown/takedown', { as, json });

  it('refuses the whole list when one id names no GIF, saying which, and changes nothing', async () => {
    const before = await counts();
    const res = await file({ items: items([...ids.slice(0, COUNT - 1), 'NoSuchGif999']), send_email: true, note: 'DMCA notice 1' });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.meta.msg).toBe(`1 of ${COUNT} GIFs were not found; nothing was taken down`);
    expect(res.body.data.items.at(-1)).toEqual({ gif_id: 'NoSuchGif999', reason: 'terms_violation', status: 'not_found' });
    expect(res.body.data.items[0].status).toBe('not_applied');
    expect(await removedCount()).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('validates the list, each reason and send_email', async () => {
    expect((await file({ items: [], send_email: false })).body.field).toBe('items');
    expect((await file({ items: [{ gif_id: ids[0], reason: 'dislike' }], send_email: false })).body.field).toBe('items');
    expect((await file({ items: items([ids[0]!, ids[0]!]), send_email: false })).body.meta.msg).toMatch(/each GIF once/);
    expect((await file({ items: items([ids[0]!]), send_email: 'yes' })).body.field).toBe('send_email');
    expect((await file({ items: items([ids[0]!]), send_email: false }, owners[0])).status).toBe(403);
    expect(await removedCount()).toBe(0);
  });

  it(`takes down ${COUNT} GIFs at once, logs each, and mails each owner once`, async () => {
    expect((await server.call('GET', '/v1/gifs/search?q=takedownable')).body.pagination.total_count).toBe(COUNT);
    const res = await file({ items: items(ids), send_email: true, note: 'DMCA notice 2' });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.body.data).toMatchObject({ state: 'owners_mailed', owners_mailed: 2 });
    expect(res.body.data.items).toHaveLength(COUNT);
    expect(await removedCount()).toBe(COUNT);
    expect((await server.call('GET', '/v1/gifs/search?q=takedownable')).body.data).toEqual([]);
    expect((await server.call('GET', `/v1/gifs/${ids[7]}`)).status).toBe(451);
    const events = await sql<{
      type: string;
      n: number;
    }>`SELECT type, count(*)::int AS n FROM events WHERE type IN ('takedown.filed', 'gif.moderated') GROUP BY type ORDER BY type`.execute(
      server.store.db,
    );
    expect(events.rows).toEqual([
      { type: 'gif.moderated', n: COUNT },
      { type: 'takedown.filed', n: 1 },
    ]);
    for (const owner of owners) {
      const mail = await server.smtp!.waitFor((m) => m.to.includes(owner.email), 15_000);
      expect(mail.subject).toBe(`${COUNT / 2} of your GIFs were taken down`);
      expect(mail.text).toContain('Note from the staff: DMCA notice 2');
      expect(mail.text).toContain('(copyright)');
    }
    const record = await server.call('GET', `/api/v3/content-takedown/takedown/${res.body.data.takedown_id}`, { as: staff });
    expect(record.body.data).toMatchObject({ state: 'owners_mailed', send_email: true, note: 'DMCA notice 2', filed_by: staff.userId });
    expect(record.body.data.items).toHaveLength(COUNT);
    const history = await server.call('GET', `/api/v1/moderation/audit/?target=takedown:${res.body.data.takedown_id}`, { as: staff });
    expect(history.body.data.entries.map((e: { type: string }) => e.type)).toEqual(['takedown.filed']);
  });

  it('keeps no mail when send_email is false', async () => {
    const [id] = (
      await server.store.db.selectFrom('gifs').select('id').where('is_removed', '=', false).where('type', '=', 'gif').limit(1).execute()
    ).map((r) => r.id);
    const before = (await counts())!.m;
    const res = await file({ items: [{ gif_id: id, reason: 'privacy' }], send_email: false });
    expect(res.body.data).toMatchObject({ state: 'applied', owners_mailed: 0 });
    expect((await counts())!.m).toBe(before);
  });
});
