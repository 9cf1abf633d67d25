/**
 * GET and PATCH /api/v1/users/{id}/: public and private fields, the password header, display name,
 * bio and links, an avatar upload with its 200h/80h/200w renditions served as media, and an e-mail
 * change that takes effect only once the new address is confirmed by mail.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { TEST_MEDIA_DIR } from '../support/corpus.ts';
import { storeKinds } from '../support/stores.ts';

const PASSWORD = 'profile test passphrase';

describe.each(storeKinds())('profiles (%s)', (kind) => {
  let server: AccountsServer;
  let eve: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    server = await startAccountsServer(kind, { smtp: true });
    eve = await server.makeUser('creator', { password: PASSWORD });
    staff = await server.makeUser('staff', { password: PASSWORD });
  });
  afterAll(async () => {
    await server?.close();
  });
  const profile = (id: number, options = {}) => server.call('GET', `/api/v1/users/${id}/`, options);

  it('shows the public profile to anyone and private fields to the user and staff', async () => {
    const anyone = await profile(eve.userId);
    expect(anyone.status).toBe(200);
    expect(anyone.body.data).toMatchObject({ id: eve.userId, username: eve.username, social_links: {} });
    expect(anyone.body.data).not.toHaveProperty('email');
    const mine = await profile(eve.userId, { as: eve });
    expect(mine.body.data).toMatchObject({ email: eve.email, email_verified: true, role: 'creator', password_set: true });
    expect((await profile(eve.userId, { as: staff })).body.data.email).toBe(eve.email);
    const someoneElse = await server.makeUser('user');
    expect((await profile(eve.userId, { as: someoneElse })).body.data).not.toHaveProperty('email');
  });

  it('shows recent sign-ins only with the caller’s password in X-Password', async () => {
    const withPassword = await profile(eve.userId, { as: eve, headers: { 'X-Password': PASSWORD } });
    expect(withPassword.status).toBe(200);
    expect(withPassword.body.data.sign_ins[0]).toMatchObject({ address: '127.0.0.1', user_agent: 'test' });
    expect((await profile(eve.userId, { as: eve })).body.data).not.toHaveProperty('sign_ins');
    const wrong = await profile(eve.userId, { as: eve, headers: { 'X-Password': 'not my password' } });
    expect([wrong.status, wrong.body.field]).toEqual([403, 'password']);
    expect((await profile(eve.userId, { headers: { 'X-Password': PASSWORD } })).status).toBe(403);
    expect((await profile(eve.userId, { as: staff, headers: { 'X-Password': PASSWORD } })).body.data.sign_ins.length).toBeGreaterThan(0);
  });

  it('changes display name, bio and links, naming a bad field', async () => {
    const changed = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, {
      as: eve,
      json: {
        display_name: '  Eve Everloop ',
        description: 'Loops.\nMore loops.',
        website_url: 'https://eve.example.test',
        social_links: { instagram: 'https://instagram.example.test/eve' },
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      display_name: 'Eve Everloop',
      attribution_display_name: 'Eve Everloop',
      description: 'Loops.\nMore loops.',
      website_url: 'https://eve.example.test',
      social_links: { instagram: 'https://instagram.example.test/eve' },
    });
    const cleared = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, { as: eve, json: { social_links: { instagram: '' } } });
    expect(cleared.body.data.social_links).toEqual({});
    for (const [json, field] of [
      [{ website_url: 'javascript:alert(1)' }, 'website_url'],
      [{ display_name: 'x'.repeat(51) }, 'display_name'],
      [{ display_name: 'bad\u0000name' }, 'display_name'],
      [{ description: 'lone \ud800 surrogate' }, 'description'],
      [{ social_links: { myspace: 'https://x.test' } }, 'social_links'],
    ] as const) {
      const res = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, { as: eve, json });
      expect([res.status, res.body.field]).toEqual([400, field]);
    }
    const events = await server.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'profile.updated')
      .where('stream_id', '=', String(eve.userId))
      .execute();
    expect(events[0]?.payload).toMatchObject({ fields: ['display_name', 'description', 'website_url', 'social_links'], actor: eve.userId });
  });

  it('takes an avatar upload and serves its renditions', async () => {
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
    const uploaded = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, { as: eve, form });
    expect(uploaded.status).toBe(200);
    const url = uploaded.body.data.avatar_url as string;
    expect(url).toMatch(new RegExp(`/media/avatars/${eve.username}/[0-9a-f]{16}\\.jpg$`));
    const sizes: Record<string, [number, number]> = { '': [400, 400], '/200h': [200, 200], '/80h': [80, 80], '/200w': [200, 200] };
    for (const [variant, [width, height]] of Object.entries(sizes)) {
      const res = await fetch(variant ? url.replace(/\.jpg$/, `${variant}.jpg`) : url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
    // A second upload replaces the first, whose files go (the edge may still hold the immutable copies it cached).
    const again = new FormData();
    again.set('avatar', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
    const replaced = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, { as: eve, form: again });
    expect(replaced.body.data.avatar_url).not.toBe(url);
    const relative = new URL(url).pathname.slice('/media/'.length);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, relative))).toBe(false);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, relative.replace(/\.jpg$/, '')))).toBe(false);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, new URL(replaced.body.data.avatar_url).pathname.slice('/media/'.length)))).toBe(true);

    const junk = new FormData();
    junk.set('avatar', new Blob(['not a picture']), 'x.png');
    const refused = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, { as: eve, form: junk });
    expect([refused.status, refused.body.field]).toEqual([400, 'avatar']);
  });

  it('changes the e-mail only after the new address is confirmed, with the password', async () => {
    const newEmail = `new-${eve.email}`;
    const noPassword = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, { as: eve, json: { email: newEmail } });
    expect([noPassword.status, noPassword.body.field]).toEqual([403, 'password']);
    const asked = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, {
      as: eve,
      json: { email: newEmail },
      headers: { 'X-Password': PASSWORD },
    });
    expect([asked.status, asked.body.data.email, asked.body.data.email_change_pending]).toEqual([200, eve.email, newEmail]);
    await server.smtp!.waitFor((m) => m.to === eve.email && m.subject.includes('changing'));
    const confirm = await server.smtp!.waitFor((m) => m.to === newEmail && m.subject.includes('Confirm'));
    const token = /#token=([A-Za-z0-9_-]+)/.exec(confirm.text)?.[1];
    expect((await server.call('POST', '/api/v1/email/verify/', { json: { token } })).status).toBe(200);
    const after = await profile(eve.userId, { as: eve });
    expect([after.body.data.email, after.body.data.email_verified]).toEqual([newEmail, true]);
    const taken = await server.call('PATCH', `/api/v1/users/${eve.userId}/`, {
      as: eve,
      json: { email: staff.email },
      headers: { 'X-Password': PASSWORD },
    });
    expect([taken.status, taken.body.field]).toEqual([409, 'email']);
  });
});
