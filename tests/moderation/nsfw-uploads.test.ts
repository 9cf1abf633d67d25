/**
 * The NSFW classifier on real uploads through the real wiring (nsfwjs's bundled model, no network):
 * each upload is scored before it is committed; at or above the threshold it is committed pending,
 * out of search and the API's listings, in the review queue with its score and suggested rating,
 * until a moderator approves it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('moderation: NSFW scoring of uploads (%s)', (kind) => {
  let dir: string;
  let gifFile: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-nsfw-'));
    gifFile = await makeGif(path.join(dir, 'pattern.gif'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function upload(server: AccountsServer, as: TestUser, tags: string): Promise<string> {
    const form = new FormData();
    form.set('file', new Blob([fs.readFileSync(gifFile)]), 'pattern.gif');
    form.set('tags', tags);
    const res = await server.call('POST', '/v1/gifs', { as, via: 'token', form });
    expect(res.status, res.text).toBe(200);
    return res.body.data.id;
  }
  const search = async (server: AccountsServer, q: string) => ((await server.call('GET', `/v1/gifs/search?q=${q}`)).body.data as { id: string }[]).map((g) => g.id);
  const row = (server: AccountsServer, id: string) => server.store.db.selectFrom('gifs').select(['moderation_state' as never, 'nsfw_score' as never, 'suggested_rating' as never, 'is_hidden']).where('id', '=', id).executeTakeFirstOrThrow() as Promise<{ moderation_state: string; nsfw_score: number | null; suggested_rating: string | null; is_hidden: boolean }>;

  it('scores an upload and, below the default threshold, shows it at once', async () => {
    const server = await startAccountsServer(kind);
    try {
      const id = await upload(server, await server.makeUser('creator'), 'nsfwscoredpattern');
      const scored = await row(server, id);
      expect(scored.moderation_state).toBe('none');
      expect(scored.nsfw_score).toBeGreaterThanOrEqual(0);
      expect(scored.nsfw_score).toBeLessThan(0.7);
      expect(['g', 'pg', 'pg-13']).toContain(scored.suggested_rating);
      expect(await search(server, 'nsfwscoredpattern')).toEqual([id]);
    } finally {
      await server.close();
    }
  });

  it('holds an upload at or above the threshold for a moderator, who approves it', async () => {
    // Every score is at or above 0: the real classifier runs, and everything it scores is held.
    const server = await startAccountsServer(kind, { env: { NSFW_THRESHOLD: '0' } });
    try {
      const creator = await server.makeUser('creator');
      const moderator = await server.makeUser('moderator');
      const id = await upload(server, creator, 'nsfwheldpattern');
      const held = await row(server, id);
      expect([held.moderation_state, held.is_hidden]).toEqual(['pending', true]);
      expect(await search(server, 'nsfwheldpattern')).toEqual([]);
      const queue = await server.call('GET', '/api/v1/moderation/queue/', { as: moderator });
      expect(queue.body.data.find((g: { id: string }) => g.id === id)).toMatchObject({ moderation_state: 'pending', open_reports: 0, nsfw_score: held.nsfw_score, suggested_rating: held.suggested_rating });
      expect((await server.call('POST', `/api/v1/gifs/${id}/moderation`, { as: moderator, json: { action: 'approve', reason: 'A test pattern' } })).status).toBe(200);
      expect(await search(server, 'nsfwheldpattern')).toEqual([id]);
    } finally {
      await server.close();
    }
  });
});
