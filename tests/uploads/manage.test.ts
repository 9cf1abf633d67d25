/**
 * Managing uploaded GIFs through the real wiring: the update allow-list, visibility, language tags
 * and a search in that language, tag counts and translations, metadata for the owner and for others,
 * counted actions, mailing a link, bulk edits and removal (gone from search and the API at once).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { makeGif, makePng } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('managing GIFs (%s)', (kind) => {
  let server: AccountsServer;
  let dir: string;
  let creator: TestUser;
  let other: TestUser;
  let gifId: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-manage-'));
    server = await startAccountsServer(kind);
    creator = await server.makeUser('creator');
    other = await server.makeUser('creator');
    gifId = await uploadGif(creator, 'zebrafish.gif', 'zebrafish, aquarium');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function uploadGif(as: TestUser, name: string, tags: string): Promise<string> {
    const form = new FormData();
    form.set('file', new Blob([fs.readFileSync(await makeGif(path.join(dir, name)))]), name);
    form.set('tags', tags);
    const res = await server.call('POST', '/v1/gifs', { as, via: 'token', form });
    expect(res.status, res.text).toBe(200);
    return res.body.data.id;
  }
  const search = async (q: string, lang?: string) =>
    (await server.call('GET', `/v1/gifs/search?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`)).body.data.map(
      (g: { id: string }) => g.id,
    ) as string[];

  it('changes allow-listed keys, each by its rule, only for the owner', async () => {
    const update = (key: string, value: unknown, as = creator) =>
      server.call('POST', '/ajax/gif/update', { as, json: { gif_id: gifId, key, value } });
    expect((await update('title', 'Zebrafish swimming')).status).toBe(200);
    expect((await update('tags', 'zebrafish, aquarium, swim')).status).toBe(200);
    expect((await update('rating', 'g')).status).toBe(200);
    const bad = await update('rating', 'nc-17');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('value');
    expect((await update('user_id', 1)).body.meta.msg).toMatch(/key must be one of title, alt_text, tags/);
    expect((await update('title', 'Mine now', other)).status).toBe(403);
    const gif = await server.call('GET', `/v1/gifs/${gifId}`);
    expect(gif.body.data).toMatchObject({ title: 'Zebrafish swimming', tags: ['zebrafish', 'aquarium', 'swim'], rating: 'g' });
  });

  it('adds language tags that a search in that language finds, with translations and tag counts', async () => {
    const add = await server.call('POST', `/ajax/gif/${gifId}/language-tags`, {
      as: creator,
      json: { lang: 'es', tags: ['pez cebra', 'acuario'] },
    });
    expect(add.status, add.text).toBe(200);
    await server.call('POST', `/ajax/gif/${gifId}/language-tags`, { as: creator, json: { lang: 'fr', tags: 'poisson zèbre' } });
    expect(await search('pez cebra', 'es')).toContain(gifId);
    expect(await search('cebra', 'es')).toContain(gifId);
    expect(await search('pez cebra')).not.toContain(gifId);
    expect(await search('acuario', 'fr')).not.toContain(gifId);
    const translations = await server.call('GET', `/ajax/gif/${gifId}/tag-translations`);
    expect(translations.body.data).toMatchObject({
      lang: 'en',
      tags: ['zebrafish', 'aquarium', 'swim'],
      translations: { es: ['acuario', 'pez cebra'], fr: ['poisson zèbre'] },
    });
    const bulk = await server.call('GET', `/ajax/gif/bulk/language-tags?gif_ids=${gifId}`);
    expect(bulk.body.data.gifs[gifId].es).toEqual(['acuario', 'pez cebra']);
    expect(
      (await server.call('DELETE', `/ajax/gif/${gifId}/language-tags`, { as: creator, json: { lang: 'es', tag: 'acuario' } })).body.data
        .removed,
    ).toBe(true);
    expect(await search('acuario', 'es')).not.toContain(gifId);
    expect(
      (await server.call('POST', `/ajax/gif/${gifId}/language-tags`, { as: creator, json: { lang: 'xx', tags: ['a'] } })).body.field,
    ).toBe('lang');
    const counts = await server.call('GET', `/ajax/gif/${gifId}/tag-counts`);
    expect(counts.body.data).toEqual([
      { tag: 'zebrafish', count: 1 },
      { tag: 'aquarium', count: 1 },
      { tag: 'swim', count: 1 },
    ]);
  });

  it('keeps private GIFs to their owner, unlisted ones out of listings', async () => {
    const id = await uploadGif(creator, 'secret.gif', 'narwhal');
    expect(await search('narwhal')).toContain(id);
    await server.call('PATCH', `/api/v1/gifs/${id}/`, { as: creator, json: { visibility: 'unlisted' } });
    expect(await search('narwhal')).not.toContain(id);
    expect((await server.call('GET', `/v1/gifs/${id}`)).status).toBe(200);
    await server.call('PATCH', `/api/v1/gifs/${id}/`, { as: creator, json: { visibility: 'private' } });
    expect((await server.call('GET', `/v1/gifs/${id}`)).status).toBe(404);
    const theirs = await server.call('GET', `/ajax/gifs/metadata?gif_ids=${id}`, { as: other });
    expect(theirs.body.data, theirs.text).toEqual([]);
    const mine = await server.call('GET', `/ajax/gifs/extended-metadata?gif_ids=${id}`, { as: creator });
    expect(mine.body.data[0]).toMatchObject({
      id,
      visibility: 'private',
      tags: ['narwhal'],
      upload: { origin: 'api', filename: 'secret.gif' },
    });
    const list = await server.call('GET', '/api/v1/my-gifs/?visibility=private', { as: creator });
    expect(list.body.data.map((g: { id: string }) => g.id)).toEqual([id]);
  });

  it('counts actions and mails links within limits', async () => {
    for (const type of ['download', 'copy_link', 'copy_link'])
      expect((await server.call('POST', `/ajax/gif/${gifId}/analytic/${type}/`)).status).toBe(200);
    expect((await server.call('POST', `/ajax/gif/${gifId}/analytic/steal/`)).status).toBe(400);
    const share = await server.call('POST', '/ajax/instashare/', { as: other, json: { gif_id: gifId, to: 'friend@example.test' } });
    expect(share.status, share.text).toBe(200);
    const mail = await server.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'body', 'kind'])
      .where('kind', '=', 'gif_shared')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(`/gifs/`);
    for (let i = 0; i < 2; i++)
      await server.call('POST', '/ajax/instashare/', { as: other, json: { gif_id: gifId, to: 'friend@example.test' } });
    expect((await server.call('POST', '/ajax/instashare/', { as: other, json: { gif_id: gifId, to: 'friend@example.test' } })).status).toBe(
      429,
    );
    expect((await server.call('POST', '/ajax/instashare/', { json: { gif_id: gifId, to: 'friend@example.test' } })).status).toBe(401);
    const meta = await waitFor(
      async () => (await server.call('GET', `/ajax/gifs/extended-metadata?gif_ids=${gifId}`, { as: creator })).body.data[0].counts,
      (counts) => counts.copy_link === 2 && counts.share_email === 3,
    );
    expect(meta).toMatchObject({ download: 1, copy_link: 2, share_email: 3 });
  });

  it("answers the dashboard's reads as the contract says: uploads, quota, related tags, a GIF's figures and suggested tags", async () => {
    const uploads = await server.call('GET', '/api/v1/uploads/', { as: creator });
    expect(uploads.status, uploads.text).toBe(200);
    expect(uploads.body.data).toContainEqual(expect.objectContaining({ gif_id: gifId, state: 'done', origin: 'api', error: null }));
    const quota = await server.call('GET', '/api/v1/uploads/quota/', { as: creator });
    expect(quota.status, quota.text).toBe(200);
    expect(quota.body.data.trust.level).toBe('trusted');
    const related = await server.call('GET', '/ajax/tags/related/gif/zebrafish/');
    expect(related.status, related.text).toBe(200);
    expect(related.body.data).toContainEqual(expect.objectContaining({ name: 'aquarium', name_encoded: 'aquarium' }));
    const series = await server.call('GET', `/api/v1/analytics/gif-series/?gif_id=${gifId}&days=7`, { as: creator });
    expect(series.status, series.text).toBe(200);
    expect(series.body.daily).toHaveLength(7);
    const frames = new FormData();
    frames.append('frames', new Blob([fs.readFileSync(await makePng(path.join(dir, 'frame.png')))], { type: 'image/png' }), 'frame.png');
    const suggested = await server.call('POST', '/ajax/tags/prediction/', { as: creator, form: frames });
    expect(suggested.status, suggested.text).toBe(200);
    expect(Array.isArray(suggested.body.data)).toBe(true);
    const removed = await uploadGif(creator, 'removed.gif', 'gone');
    await server.db.updateTable('gifs').set({ removal: 'moderation', removed_at: new Date() }).where('id', '=', removed).execute();
    const mine = await server.call('GET', '/api/v1/my-gifs/', { as: creator });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.find((g: { id: string }) => g.id === removed)).toMatchObject({ tombstone: true, state: 'removed' });
  });

  it('edits in bulk and removes: a removed GIF leaves search and the API at once', async () => {
    const second = await uploadGif(creator, 'second.gif', 'zebrafish');
    const bulk = await server.call('POST', '/api/v1/gifs/bulk/', {
      as: creator,
      json: { gif_ids: [gifId, second], add_tags: ['fins'], remove_tags: ['swim'], rating: 'pg' },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect((await server.call('GET', `/v1/gifs/${gifId}`)).body.data).toMatchObject({
      tags: ['zebrafish', 'aquarium', 'fins'],
      rating: 'pg',
    });
    expect((await server.call('POST', '/api/v1/gifs/bulk/', { as: other, json: { gif_ids: [second], rating: 'g' } })).status).toBe(403);
    expect(await search('zebrafish')).toEqual(expect.arrayContaining([gifId, second]));
    expect((await server.call('DELETE', `/api/v1/gifs/${second}/`, { as: creator })).status).toBe(200);
    expect(await search('zebrafish')).not.toContain(second);
    expect((await server.call('GET', `/v1/gifs/${second}`)).status).toBe(404);
  });
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 50): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}
