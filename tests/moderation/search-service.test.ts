/**
 * The staff search service through the real wiring: filters over all content (private, hidden and
 * removed included), paging, and the CSV export: every row once across its chunk boundaries (rows
 * sharing one upload time included), RFC 4180 quoting, and formula-like cells neutralised.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../apps/server/src/moderation/constants.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const BULK = CSV_CHUNK_ROWS * 2 + 500;
const HOSTILE_TITLES = ['=HYPERLINK("http://evil.test","click")', '+1+2', '-3', '@SUM(A1:A9)', 'comma, "quoted"\nnext line'];

describe.each(storeKinds())('moderation: search service (%s)', (kind) => {
  let server: AccountsServer;
  let staff: TestUser;
  let owner: TestUser;
  const id = (n: number) => `svc${String(n).padStart(5, '0')}x`;

  beforeAll(async () => {
    server = await startAccountsServer(kind);
    staff = await server.makeUser('staff');
    owner = await server.makeUser('creator');
    // BULK GIFs of one owner, all uploaded at the same instant (the export's key must break ties by id).
    await sql`
      INSERT INTO gifs (id, type, slug, title, rating, user_id, images, create_datetime)
      SELECT 'svc' || lpad(n::text, 5, '0') || 'x', CASE WHEN n % 10 = 0 THEN 'sticker' ELSE 'gif' END, 'svc-' || n, 'Service bulk ' || n,
        CASE WHEN n % 4 = 0 THEN 'r' ELSE 'g' END, ${owner.userId}::int, s.images, '2025-06-01T12:00:00.123456Z'::timestamptz
      FROM generate_series(0, ${BULK - 1}) n, (SELECT images FROM gifs ORDER BY id LIMIT 1) s`.execute(server.store.db);
    await sql`UPDATE gifs SET visibility = 'private' WHERE id = ${id(1)}`.execute(server.store.db);
    await sql`UPDATE gifs SET moderation_state = 'hidden' WHERE id = ${id(2)}`.execute(server.store.db);
    await sql`UPDATE gifs SET removal = 'moderation' WHERE id = ${id(3)}`.execute(server.store.db);
    await sql`UPDATE gifs SET create_datetime = '2025-07-04T08:00:00Z' WHERE id = ${id(5)}`.execute(server.store.db);
    for (const [i, title] of HOSTILE_TITLES.entries())
      await sql`UPDATE gifs SET title = ${title} WHERE id = ${id(100 + i)}`.execute(server.store.db);
    for (const reporter of ['user:1', 'user:2', 'address:x'])
      await sql`INSERT INTO gif_reports (gif_id, reporter, reason) VALUES (${id(7)}, ${reporter}, 'spam')`.execute(server.store.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  const find = async (query: string) => {
    const res = await server.call('GET', `/api/v1/search-service/search/?${query}`, { as: staff });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    return res.body as { data: { id: string }[]; pagination: { count: number; offset: number; has_more: boolean } };
  };
  const ids = async (query: string) => (await find(query)).data.map((r) => r.id);

  it('finds content in every state, by each filter', async () => {
    expect(await ids(`q=bulk 1&username=${owner.username}&state=private`)).toEqual([id(1)]);
    expect(await ids(`username=${owner.username}&state=hidden`)).toEqual([id(2)]);
    expect(await ids(`username=${owner.username}&state=removed`)).toEqual([id(3)]);
    expect(await ids(`username=${owner.username}&uploaded_from=2025-07-04&uploaded_to=2025-07-04`)).toEqual([id(5)]);
    expect(await ids(`username=${owner.username}&min_reports=3`)).toEqual([id(7)]);
    const stickers = await find(`username=${owner.username}&type=sticker&rating=r&limit=100`);
    expect([stickers.data.length, stickers.pagination.has_more]).toEqual([100, BULK / 20 > 100]);
    expect(stickers.data.every((r) => Number(r.id.slice(3, 8)) % 20 === 0)).toBe(true);
    const row = (await find(`q=HYPERLINK`)).data[0];
    expect(row).toMatchObject({
      id: id(100),
      username: owner.username,
      state: 'public',
      visibility: 'public',
      moderation_state: 'none',
      is_removed: false,
      reports: 0,
    });
  });

  it('pages with limit and offset and says when more remain', async () => {
    const first = await find(`username=${owner.username}&limit=50`);
    const second = await find(`username=${owner.username}&limit=50&offset=50`);
    expect([first.pagination.count, first.pagination.has_more]).toEqual([50, true]);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(100);
    expect((await find(`username=${owner.username}&limit=50&offset=${BULK - 10}`)).pagination).toEqual({
      count: 10,
      offset: BULK - 10,
      has_more: false,
    });
  });

  it('refuses bad filters naming them, and anyone but staff', async () => {
    for (const [query, name] of [
      ['state=gone', 'state'],
      ['uploaded_from=2025-13-01', 'uploaded_from'],
      ['limit=1000', 'limit'],
      ['min_reports=-1', 'min_reports'],
      ['rating=x', 'rating'],
      ['username=a b', 'username'],
    ]) {
      const res = await server.call('GET', `/api/v1/search-service/search/?${query}`, { as: staff });
      expect([query, res.status, res.body.meta.msg.startsWith(name)]).toEqual([query, 400, true]);
    }
    expect((await server.call('GET', '/api/v1/search-service/search/', { as: await server.makeUser('moderator') })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/search-service/csv/')).status).toBe(401);
  });

  it('exports the same query as CSV: every row once across chunks, quoted, formulas neutralised', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/search-service/csv/?username=${owner.username}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'id,title,type,rating,username,tags,state,visibility,moderation_state,is_removed,nsfw_score,reports,create_datetime',
    );
    const exported = lines
      .slice(1)
      .filter((l) => /^svc\d{5}x,/.test(l))
      .map((l) => l.slice(0, 9));
    expect(exported.length).toBe(BULK);
    expect(new Set(exported).size).toBe(BULK);
    expect(text).toContain(`${id(100)},"'=HYPERLINK(""http://evil.test"",""click"")",sticker,r,`);
    expect(text).toContain(`${id(101)},'+1+2,gif`);
    expect(text).toContain(`${id(102)},'-3,gif`);
    expect(text).toContain(`${id(103)},'@SUM(A1:A9),gif`);
    expect(text).toContain(`${id(104)},"comma, ""quoted""\nnext line",gif,r,`);
    expect(text).toContain(`${id(7)},Service bulk 7,gif,g,${owner.username},,public,public,none,false,,3,2025-06-01T12:00:00.123Z`);
  });
});
