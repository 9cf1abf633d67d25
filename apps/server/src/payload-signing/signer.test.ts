import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/db.ts';
import { decodePayload, encodePayload } from './codec.ts';
import { KEY_ACCEPTED_FOR_MS, KEY_PERIOD_MS, VERIFICATION_SUFFIX } from './constants.ts';
import { createPayloadSigner } from './signer.ts';

const fields = { gifId: 'abc123', eventType: 'GIF_SEARCH', responseId: 'r1' };

describe('payload signer', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({});
  });
  afterAll(async () => {
    await store?.close();
  });

  it('signs in GIPHY’s opaque shape and verifies what it signed, with or without the verification suffix', async () => {
    const signer = createPayloadSigner(store.db);
    await signer.ready();
    const payload = signer.sign(fields);
    expect(payload).toMatch(/^e=[A-Za-z0-9+/]+=*$/);
    expect(signer.verify(payload)).toEqual({ ok: true, fields, verification: false });
    expect(signer.verify(payload + VERIFICATION_SUFFIX)).toEqual({ ok: true, fields, verification: true });
  });

  it('refuses unsigned, altered and foreign payloads', async () => {
    const signer = createPayloadSigner(store.db);
    await signer.ready();
    const unsigned = `e=${Buffer.from('gif_id=abc123&event_type=GIF_SEARCH&cid=r1').toString('base64')}`;
    expect(signer.verify(unsigned)).toMatchObject({ ok: false, reason: expect.stringContaining('not one this server issued') });
    const decoded = decodePayload(signer.sign(fields))!;
    const altered = encodePayload({ ...fields, gifId: 'other' }, decoded.kid, 'not-the-secret');
    expect(signer.verify(altered)).toMatchObject({ ok: false, reason: expect.stringContaining('signature does not hold') });
    expect(signer.verify('e=!!!')).toMatchObject({ ok: false });
  });

  it('shares its secret with every signer on the store, rotates by period and retires old secrets', async () => {
    let now = Date.UTC(2026, 10, 23);
    const a = createPayloadSigner(store.db, () => now);
    const b = createPayloadSigner(store.db, () => now);
    await Promise.all([a.ready(), b.ready()]);
    const old = a.sign(fields);
    expect(b.verify(old).ok).toBe(true);
    now += KEY_PERIOD_MS;
    await a.ready();
    const fresh = a.sign(fields);
    expect(decodePayload(fresh)!.kid).not.toBe(decodePayload(old)!.kid);
    expect(a.verify(old).ok).toBe(true);
    now += KEY_ACCEPTED_FOR_MS;
    await a.ready();
    expect(a.verify(old)).toMatchObject({ ok: false, reason: expect.stringContaining('retired') });
  });
});
