/**
 * Uploads' review through the real wiring. The NSFW classifier (nsfwjs's bundled model, no network):
 * each upload is scored before it is committed; at or above the threshold it is committed pending,
 * out of search and the API's listings, in the review queue with its score and suggested rating,
 * until a moderator approves it. Trust levels (uploads/trust.ts): a new account's upload is open by
 * its link but listed nowhere, in the queue, until approved; enough approvals and uploads list at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';
import { NEW_ACCOUNT_QUOTA_DEFAULTS, UPLOAD_QUOTA_DEFAULTS } from '../../apps/server/src/uploads/constants.ts';
import { moderationDb } from '../../apps/server/src/moderation/schema.ts';

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
    // The API answers with the id after API_ANSWER_WITHIN_MS while processing goes on (busy shared cores).
    const id = res.body.data.id as string;
    await expect
      .poll(async () => Boolean(await server.store.db.selectFrom('gifs').select('id').where('id', '=', id).executeTakeFirst()), {
        timeout: 120_000,
        interval: 250,
      })
      .toBe(true);
    return id;
  }
  const search = async (server: AccountsServer, q: string) =>
    ((await server.call('GET', `/v1/gifs/search?q=${q}`)).body.data as { id: string }[]).map((g) => g.id);
  const row = (server: AccountsServer, id: string) =>
    moderationDb(server.store.db)
      .selectFrom('gifs')
      .select(['moderation_state', 'nsfw_score', 'suggested_rating', 'is_hidden'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

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
      expect(queue.body.data.find((g: { id: string }) => g.id === id)).toMatchObject({
        moderation_state: 'pending',
        open_reports: 0,
        nsfw_score: held.nsfw_score,
        suggested_rating: held.suggested_rating,
      });
      expect(
        (
          await server.call('POST', `/api/v1/gifs/${id}/moderation`, {
            as: moderator,
            json: { action: 'approve', reason: 'A test pattern' },
          })
        ).status,
      ).toBe(200);
      expect(await search(server, 'nsfwheldpattern')).toEqual([id]);
      // A new account's upload the NSFW check holds is held (closed by link), not merely in review.
      const held2 = await row(server, await upload(server, await server.makeUser('user'), 'nsfwheldnewaccount'));
      expect(held2.moderation_state).toBe('pending');
    } finally {
      await server.close();
    }
  });

  it('keeps a new account’s uploads in review, open by link, until approved; enough approvals list the next at once', async () => {
    const server = await startAccountsServer(kind, {
      uploads: { trust: { approvedUploads: 2, newAccountQuota: { ...NEW_ACCOUNT_QUOTA_DEFAULTS } } },
    });
    try {
      const user = await server.makeUser('user');
      const moderator = await server.makeUser('moderator');
      const quota = async (as: TestUser) => (await server.call('GET', '/api/v1/uploads/quota/', { as })).body.data;
      expect(await quota(user)).toMatchObject({
        trust: { level: 'new', approved_uploads: 0, approved_needed: 2 },
        open: { limit: NEW_ACCOUNT_QUOTA_DEFAULTS.openPerCreator },
        bytes_today: { limit: NEW_ACCOUNT_QUOTA_DEFAULTS.bytesPerDay },
      });
      expect(await quota(await server.makeUser('creator'))).toMatchObject({
        trust: { level: 'trusted' },
        bytes_today: { limit: UPLOAD_QUOTA_DEFAULTS.bytesPerDay },
      });
      const listings = async (tag: string, id: string) => ({
        search: await search(server, tag),
        profile: (await search(server, `@${user.username}`)).includes(id),
        tenor: ((await server.call('GET', `/tenor/v2/search?q=${tag}&key=${server.webKey}`)).body.results as { id: string }[]).map(
          (g) => g.id,
        ),
      });
      const decide = (id: string) =>
        server.call('POST', `/api/v1/gifs/${id}/moderation`, { as: moderator, json: { action: 'approve', reason: 'Fine' } });

      for (const [i, tag] of ['trustfirstupload', 'trustsecondupload'].entries()) {
        const id = await upload(server, user, tag);
        expect((await row(server, id)).moderation_state).toBe('in_review');
        // Open by its link to anyone, listed nowhere: not in search, the profile's listing or Tenor's search.
        expect((await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`)).status).toBe(200);
        expect(await listings(tag, id)).toEqual({ search: [], profile: false, tenor: [] });
        const queue = await server.call('GET', '/api/v1/moderation/queue/', { as: moderator });
        expect(queue.body.data.find((g: { id: string }) => g.id === id)).toMatchObject({
          moderation_state: 'in_review',
          username: user.username,
        });
        expect((await decide(id)).status).toBe(200);
        expect(await listings(tag, id)).toEqual({ search: [id], profile: true, tenor: [id] });
        expect((await quota(user)).trust.approved_uploads).toBe(i + 1);
      }
      expect(await quota(user)).toMatchObject({ trust: { level: 'trusted' }, bytes_today: { limit: UPLOAD_QUOTA_DEFAULTS.bytesPerDay } });
      const third = await upload(server, user, 'trustthirdupload');
      expect((await row(server, third)).moderation_state).toBe('none');
      expect(await search(server, 'trustthirdupload')).toEqual([third]);
    } finally {
      await server.close();
    }
    // Three uploads and their processing on busy shared cores.
  }, 300_000);
});
