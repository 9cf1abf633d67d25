/**
 * External video on a GIF (SPEC 3 external_media, 5, 8), on both stores: a creator attaches a
 * YouTube or Vimeo video by id or URL through the GIF edit API, held to SPEC 5's messages; the video
 * is checked with its host's oEmbed, here a stand-in on 127.0.0.1 answering as the hosts do (200,
 * 404, 403, 500), reached through YOUTUBE_OEMBED_URL and VIMEO_OEMBED_URL; edited, removed, and
 * refused to anyone but the GIF's editor.
 */
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';
import { uploadGif } from '../support/uploads.ts';
import { oembedSettings, startVideoOembedStandIn, VIMEO, YOUTUBE } from '../support/video-oembed.ts';

let dir: string;
let gifFile: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-external-video-'));
  gifFile = await makeGif(path.join(dir, 'pattern.gif'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(storeKinds())('external video on a GIF (%s)', { timeout: 300_000 }, (kind) => {
  const asked: string[] = [];
  let oembed: http.Server;
  let server: AccountsServer;
  let creator: TestUser;
  let gifId: string;
  beforeAll(async () => {
    oembed = await startVideoOembedStandIn(asked);
    server = await startAccountsServer(kind, { env: oembedSettings(oembed) });
    creator = await server.makeUser('creator');
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(fs.readFileSync(gifFile))]), 'pattern.gif');
    gifId = await uploadGif(server, creator, form);
  });
  afterAll(async () => {
    await server?.close();
    oembed?.close();
  });

  const attach = (externalMedia: unknown, as = creator) =>
    server.call('PATCH', `/api/v1/gifs/${gifId}/`, { as, json: { external_media: externalMedia } });
  const shown = async () => (await server.call('GET', `/v1/gifs/${gifId}?api_key=${server.webKey}`)).body.data.external_media;
  const refusal = (res: { status: number; body: { field?: string; meta?: { msg?: string } } }) => ({
    status: res.status,
    field: res.body.field,
    msg: res.body.meta?.msg,
  });

  it('refuses what is not a video of the host with SPEC 5’s messages, asking no host and changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ provider_name: 'YouTube', video: 'abc' }, 'not a valid video id'],
      [{ provider_name: 'YouTube', video: `https://vimeo.com/${VIMEO.ok}` }, 'not a youtube url'],
      [{ provider_name: 'YouTube', video: 'https://www.youtube.com/watch?v=short' }, 'not a valid video id'],
      [{ provider_name: 'Vimeo', video: `https://youtu.be/${YOUTUBE.ok}` }, 'not a vimeo url'],
      [{ provider_name: 'Vimeo', video: '12ab' }, 'not a valid video id'],
      [{ provider_name: 'Vimeo', video: 'https://vimeo.com/about' }, 'not a valid video id'],
      [{ provider_name: 'Dailymotion', video: 'x8' }, 'provider_name must be one of YouTube, Vimeo'],
      [{ provider_name: 'YouTube', video: YOUTUBE.ok, start: -1 }, 'start must be at least 0'],
      ['https://youtu.be/x', 'external_media must be {provider_name, video, start} or null'],
    ];
    for (const [value, msg] of cases)
      expect(refusal(await attach(value)), JSON.stringify(value)).toEqual({ status: 400, field: 'external_media', msg });
    expect(asked).toEqual([]);
    expect(await shown()).toBeUndefined();
  });

  it('answers the host’s oEmbed verdict: 404 was not found, 403 is not embeddable, anything else a fetch error', async () => {
    expect(refusal(await attach({ provider_name: 'YouTube', video: YOUTUBE.missing }))).toEqual({
      status: 422,
      field: 'external_media',
      msg: `YouTube video ${YOUTUBE.missing} was not found`,
    });
    expect(refusal(await attach({ provider_name: 'YouTube', video: `https://youtu.be/${YOUTUBE.private}` }))).toEqual({
      status: 422,
      field: 'external_media',
      msg: `YouTube video ${YOUTUBE.private} is not embeddable`,
    });
    expect(refusal(await attach({ provider_name: 'YouTube', video: YOUTUBE.broken }))).toEqual({
      status: 502,
      field: 'external_media',
      msg: `YouTube video ${YOUTUBE.broken} could not be fetched from YouTube's oEmbed (HTTP 500)`,
    });
    expect(refusal(await attach({ provider_name: 'Vimeo', video: `https://vimeo.com/${VIMEO.missing}` }))).toEqual({
      status: 422,
      field: 'external_media',
      msg: `Vimeo video ${VIMEO.missing} was not found`,
    });
    // The one-key update names its `value`.
    const one = await server.call('POST', '/ajax/gif/update', {
      as: creator,
      json: { gif_id: gifId, key: 'external_media', value: { provider_name: 'YouTube', video: YOUTUBE.private } },
    });
    expect(refusal(one)).toEqual({ status: 422, field: 'value', msg: `YouTube video ${YOUTUBE.private} is not embeddable` });
    expect(await shown()).toBeUndefined();
  });

  it('a creator attaches a video by URL with a start, replaces it, and removes it; no one else may', async () => {
    asked.length = 0;
    const set = await attach({ provider_name: 'YouTube', video: `https://www.youtube.com/watch?v=${YOUTUBE.ok}&t=42`, start: 5 });
    expect(set.status, set.text).toBe(200);
    expect(asked).toEqual([`/youtube/oembed https://www.youtube.com/watch?v=${YOUTUBE.ok}`]);
    expect(await shown()).toEqual({
      provider_name: 'YouTube',
      asset_uid: YOUTUBE.ok,
      start: 5,
      url: `https://www.youtube.com/watch?v=${YOUTUBE.ok}`,
    });

    expect((await attach({ provider_name: 'Vimeo', video: VIMEO.ok })).status).toBe(200);
    expect(await shown()).toEqual({ provider_name: 'Vimeo', asset_uid: VIMEO.ok, start: 0, url: `https://vimeo.com/${VIMEO.ok}` });

    const stranger = await server.makeUser('creator');
    asked.length = 0;
    expect((await attach({ provider_name: 'YouTube', video: YOUTUBE.ok }, stranger)).status).toBe(403);
    expect((await attach(null, stranger)).status).toBe(403);
    expect(asked).toEqual([]);
    expect((await shown()).asset_uid).toBe(VIMEO.ok);

    expect((await attach(null)).status).toBe(200);
    expect(await shown()).toBeUndefined();
  });
});
