import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, signatureHolds } from './codec.ts';

const textOf = (payload: string) => Buffer.from(payload.slice(2), 'base64').toString('utf8');
const formEncoded = (gifId: string, eventType: string, cid: string, kid: string) =>
  new URLSearchParams({ gif_id: gifId, event_type: eventType, cid, kid }).toString();

describe('payload codec', () => {
  it('writes the signed text as URLSearchParams does, for ids it issues and for any other text', () => {
    const cases: [string, string, string, string][] = [
      ['xT9IgG50Fb7Mi0prBC', 'GIF_SEARCH', 'a3f9c0e1b2d4', 'k2'],
      ['id-with.dots_and*star', '', '0', 'z'],
      ['a b&c=d', 'GIF TRENDING', 'r/1+2', 'k~1'],
      ['gif’é😀', 'ÉVÉNEMENT', "it's(1)!", 'k'],
    ];
    for (const [gifId, eventType, cid, kid] of cases) {
      const payload = encodePayload({ gifId, eventType, responseId: cid }, kid, 'secret');
      expect(textOf(payload)).toMatch(
        new RegExp(`^${formEncoded(gifId, eventType, cid, kid).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}&sig=[A-Za-z0-9_-]{16}$`),
      );
      const decoded = decodePayload(payload)!;
      expect(decoded).toMatchObject({ gifId, eventType, responseId: cid, kid });
      expect(signatureHolds(decoded, 'secret')).toBe(true);
      expect(signatureHolds(decoded, 'other secret')).toBe(false);
    }
  });
});
