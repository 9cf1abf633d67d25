/**
 * The GIF maker's "made from" credit, on both stores: an upload naming `source_gif_id` keeps a credit
 * to that GIF and its author (migration 024), answered as `source_gif` by GET /v1/gifs/{id} while
 * anyone may open the source; a source its creator may not open is never credited.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';
import { uploadGif } from '../support/uploads.ts';

let dir: string;
let gifFile: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-made-from-'));
  gifFile = await makeGif(path.join(dir, 'pattern.gif'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(storeKinds())('the GIF maker’s made-from credit (%s)', { timeout: 300_000 }, (kind) => {
  let server: AccountsServer;
  let author: TestUser;
  let maker: TestUser;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    author = await server.makeUser('creator');
    maker = await server.makeUser('creator');
  });
  afterAll(async () => {
    await server?.close();
  });

  function formOf(fields: Record<string, string>) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(fs.readFileSync(gifFile))]), 'made.gif');
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  }
  const uploaded = (as: TestUser, fields: Record<string, string>) => uploadGif(server, as, formOf(fields));
  const gif = async (id: string) => {
    const res = await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };

  it('credits the source GIF and its author in the API answer, while anyone may open the source', async () => {
    const source = await uploaded(author, { title: 'The original dance' });
    const made = await uploaded(maker, { title: 'Remixed dance', source_gif_id: source });
    const credit = (await gif(made)).source_gif;
    expect(credit).toMatchObject({
      id: source,
      title: 'The original dance',
      username: author.username,
      profile_url: `${server.baseUrl}/${author.username}/`,
    });
    expect(credit.url).toMatch(new RegExp(`^${server.baseUrl}/gifs/.*${source}$`));
    expect(await server.db.selectFrom('gifs').select('made_from').where('id', '=', made).executeTakeFirstOrThrow()).toEqual({
      made_from: source,
    });
    // The log keeps it too, on the upload's event.
    const logged = await server.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'gif.uploaded')
      .where('stream_id', '=', made)
      .executeTakeFirstOrThrow();
    expect((logged.payload as { made_from?: string }).made_from).toBe(source);
    // A GIF made from nothing says nothing.
    expect((await gif(source)).source_gif).toBeUndefined();

    // Its author hidden by staff: the credit, just read, names no author and links the source by id.
    const staff = await server.makeUser('staff');
    const unlisted = await server.call('PATCH', `/api/v1/users/${author.userId}/`, { as: staff, json: { is_public: false } });
    expect(unlisted.status, unlisted.text).toBe(200);
    expect((await gif(made)).source_gif).toEqual({ ...credit, username: '', profile_url: '', url: `${server.baseUrl}/gifs/${source}` });

    // The source turned private: the credit is no longer shown (the store keeps it).
    const hidden = await server.call('PATCH', `/api/v1/gifs/${source}/`, { as: author, json: { visibility: 'private' } });
    expect(hidden.status, hidden.text).toBe(200);
    expect((await gif(made)).source_gif).toBeUndefined();
  });

  it('never credits a GIF its creator may not open, and refuses a malformed source id naming the field', async () => {
    const secret = await uploaded(author, { visibility: 'private' });
    const made = await uploaded(maker, { source_gif_id: secret });
    expect((await gif(made)).source_gif).toBeUndefined();
    expect(await server.db.selectFrom('gifs').select('made_from').where('id', '=', made).executeTakeFirstOrThrow()).toEqual({
      made_from: null,
    });
    const bad = await server.call('POST', '/v1/gifs', { as: maker, via: 'token', form: formOf({ source_gif_id: 'not/an id' }) });
    expect({ status: bad.status, field: bad.body.field }, bad.text).toEqual({ status: 400, field: 'source_gif_id' });
  });
});
