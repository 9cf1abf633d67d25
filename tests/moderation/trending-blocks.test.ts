/**
 * Blocking a term from trending searches through the real wiring: the term leaves
 * /v1/trending/searches at once (the edge's cached answer purged) and comes back when unblocked;
 * moderators and staff only; each change logged.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';
import { projectTrendingTerm } from '../support/trending.ts';

describe.each(storeKinds())('moderation: trending terms blocked (%s)', (kind) => {
  let server: AccountsServer;
  let moderator: TestUser;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    moderator = await server.makeUser('moderator');
    // A searched term as the projector keeps it (far ahead of any other, searched by enough people to trend).
    await projectTrendingTerm(server.store.db, 'rudeword');
  });
  afterAll(async () => {
    await server?.close();
  });

  const trending = async () => (await server.call('GET', '/v1/trending/searches?limit=20')).body.data as string[];
  const block = (method: 'PUT' | 'DELETE', term: string, as: TestUser = moderator) =>
    server.call(method, '/api/v1/moderation/trending-blocks/', { as, json: { term } });

  it('keeps a blocked term out of trending searches until it is unblocked', async () => {
    const before = await trending();
    expect(before[0]).toBe('rudeword');
    const featured = before[1]!;
    expect((await server.call('GET', '/v1/trending/searches?limit=20')).headers.get('x-cache')).toBe('HIT');
    expect((await block('PUT', ' RudeWord ')).body.data).toEqual({ term: 'rudeword', blocked: true, changed: true });
    expect((await block('PUT', featured.toUpperCase())).status).toBe(200);
    const during = await trending();
    expect(during).not.toContain('rudeword');
    expect(during.map((t) => t.toLowerCase())).not.toContain(featured.toLowerCase());
    const list = await server.call('GET', '/api/v1/moderation/trending-blocks/', { as: moderator });
    expect(list.body.data.map((r: { term: string }) => r.term).sort()).toEqual(['rudeword', featured.toLowerCase()].sort());
    expect((await block('PUT', 'rudeword')).body.data.changed).toBe(false);
    expect((await block('DELETE', 'rudeword')).body.data.changed).toBe(true);
    expect((await trending())[0]).toBe('rudeword');
    const events = await sql<{
      type: string;
    }>`SELECT type FROM events WHERE stream = 'trending_term' AND stream_id = 'rudeword' ORDER BY seq`.execute(server.store.db);
    expect(events.rows.map((e) => e.type)).toEqual(['trending_term.blocked', 'trending_term.unblocked']);
  });

  it('refuses an empty term and anyone below moderator', async () => {
    expect((await block('PUT', '  ')).body.field).toBe('term');
    expect((await block('PUT', 'x', await server.makeUser('creator'))).status).toBe(403);
    expect((await server.call('PUT', '/api/v1/moderation/trending-blocks/', { json: { term: 'x' } })).status).toBe(401);
  });
});
