import { describe, expect, it } from 'vitest';
import { PINGBACK_ID_LENGTH, PINGBACK_ID_STORAGE_KEY } from './constants.ts';
import { createPingbackId, getPingbackId } from './pingback-id.ts';
import { memoryStorage } from './testing/recording-fetch.ts';

const NOW = 1_700_000_000_000; // 18bcfe56800 in hex
const UUID = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

describe('createPingbackId', () => {
  it('is the hex timestamp followed by the UUID’s hex digits, 16 characters long', () => {
    const id = createPingbackId({ now: () => NOW, randomUUID: () => UUID });
    expect(id).toBe('18bcfe568003f250');
    expect(id).toHaveLength(PINGBACK_ID_LENGTH);
  });

  it('falls back to random alphanumerics without a UUID source', () => {
    const id = createPingbackId({ randomUUID: undefined, random: () => 0.5 });
    expect(id).toBe('i'.repeat(PINGBACK_ID_LENGTH));
    expect(createPingbackId()).toMatch(/^[0-9a-z]{16}$/);
  });
});

describe('getPingbackId', () => {
  const sources = { now: () => NOW, randomUUID: () => UUID };

  it('stores a new id in the session storage and reuses it', () => {
    const storage = memoryStorage();
    const id = getPingbackId({ storage, ...sources });
    expect(storage.values.get(PINGBACK_ID_STORAGE_KEY)).toBe(id);
    expect(getPingbackId({ storage, now: () => NOW + 1, randomUUID: () => 'ffffffff' })).toBe(id);
  });

  it('replaces a stored value that is not a valid id', () => {
    const storage = memoryStorage({ [PINGBACK_ID_STORAGE_KEY]: 'not valid!' });
    expect(getPingbackId({ storage, ...sources })).toBe('18bcfe568003f250');
    expect(storage.values.get(PINGBACK_ID_STORAGE_KEY)).toBe('18bcfe568003f250');
  });

  it('still makes an id when storage is missing or throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(getPingbackId({ storage: throwing, ...sources })).toBe('18bcfe568003f250');
    expect(getPingbackId({ storage: null, ...sources })).toBe('18bcfe568003f250');
  });
});
