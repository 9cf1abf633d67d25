/**
 * Channel banners and avatars and profile avatars take JPEG, PNG, WebP and GIF alone, told by their
 * bytes: an SVG (whatever type it declares) or another format sharp could decode (TIFF) is refused
 * with the message naming the accepted types, and nothing is stored.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#36c"/><script>alert(1)</script></svg>';
const ACCEPTED_MESSAGE = 'must be a JPEG, PNG, WebP or GIF picture';

describe.each(storeKinds())('picture types for banners and avatars (%s)', (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let refusals: { name: string; bytes: Uint8Array; declared: string }[];
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    creator = await server.makeUser('creator');
    const tiff = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366cc' } })
      .tiff()
      .toBuffer();
    refusals = [
      { name: 'svg declared as SVG', bytes: new TextEncoder().encode(SVG), declared: 'image/svg+xml' },
      { name: 'svg declared as PNG', bytes: new TextEncoder().encode(SVG), declared: 'image/png' },
      {
        name: 'svg after an XML prolog declared as JPEG',
        bytes: new TextEncoder().encode(`<?xml version="1.0"?>\n${SVG}`),
        declared: 'image/jpeg',
      },
      { name: 'tiff declared as JPEG', bytes: new Uint8Array(tiff), declared: 'image/jpeg' },
    ];
  });
  afterAll(async () => {
    await server?.close();
  });

  const formWith = (field: string, bytes: Uint8Array, declared: string) => {
    const form = new FormData();
    form.set(field, new Blob([new Uint8Array(bytes)], { type: declared }), `${field}.png`);
    return form;
  };

  it('a channel refuses an SVG or TIFF banner or avatar and keeps its pictures', async () => {
    const made = await server.call('POST', '/api/v4/channels/', {
      as: creator,
      json: { display_name: 'Pictures', slug: testUsername('pics').replace(/_/g, '-') },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as number;
    for (const field of ['banner', 'avatar']) {
      for (const refusal of refusals) {
        const res = await server.call('PATCH', `/api/v4/channels/${id}/`, {
          as: creator,
          form: formWith(field, refusal.bytes, refusal.declared),
        });
        expect([res.status, res.body.field, refusal.name]).toEqual([400, field, refusal.name]);
        expect(res.body.meta.msg).toContain(ACCEPTED_MESSAGE);
      }
    }
    const after = await server.call('GET', `/api/v4/channels/${id}`, { as: creator });
    expect([after.body.data.banner_image, after.body.data.avatar_image]).toEqual(['', '']);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    expect(
      (
        await server.call('PATCH', `/api/v4/channels/${id}/`, {
          as: creator,
          form: formWith('avatar', new Uint8Array(png), 'image/svg+xml'),
        })
      ).status,
    ).toBe(200);
  });

  it('a profile refuses an SVG or TIFF avatar', async () => {
    for (const refusal of refusals) {
      const res = await server.call('PATCH', `/api/v1/users/${creator.userId}/`, {
        as: creator,
        form: formWith('avatar', refusal.bytes, refusal.declared),
      });
      expect([res.status, res.body.field, refusal.name]).toEqual([400, 'avatar', refusal.name]);
      expect(res.body.meta.msg).toContain(ACCEPTED_MESSAGE);
    }
  });
});
