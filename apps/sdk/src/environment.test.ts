import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  newEventId,
  pageApiBase,
  pageLocation,
  platformFetch,
  platformRandomUUID,
  sessionPingbackId,
  sessionStorageOrNull,
} from './environment.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('environment defaults', () => {
  it('reads the page-level API base only when it is a non-empty string', () => {
    expect(pageApiBase()).toBeUndefined();
    vi.stubGlobal('LOOPBOX_CONFIG', { apiBase: 'https://gifs.example/v1/' });
    expect(pageApiBase()).toBe('https://gifs.example/v1/');
    vi.stubGlobal('LOOPBOX_CONFIG', { apiBase: 42 });
    expect(pageApiBase()).toBeUndefined();
  });

  it('calls the current global fetch', async () => {
    const fetch = vi.fn(async () => new Response('ok'));
    vi.stubGlobal('fetch', fetch);
    await platformFetch('/v1/x', { method: 'GET' });
    expect(fetch).toHaveBeenCalledWith('/v1/x', { method: 'GET' });
  });

  it('yields no session storage when there is none or reading it throws', () => {
    expect(sessionStorageOrNull()).toBeNull();
    const storage = { getItem: () => null, setItem: () => {} };
    vi.stubGlobal('sessionStorage', storage);
    expect(sessionStorageOrNull()).toBe(storage);
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(sessionStorageOrNull()).toBeNull();
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('offers crypto.randomUUID when the platform has it', () => {
    expect(platformRandomUUID()?.()).toMatch(/^[0-9a-f-]{36}$/);
    vi.stubGlobal('crypto', {});
    expect(platformRandomUUID()).toBeUndefined();
  });

  it('makes event ids from crypto.randomUUID, else from random bytes', () => {
    expect(newEventId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(newEventId()).not.toBe(newEventId());
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(171) });
    expect(newEventId()).toBe('ab'.repeat(16));
  });

  it("keeps the session's pingback id in sessionStorage", () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) });
    const id = sessionPingbackId();
    expect(id).toMatch(/^[0-9a-z]{16}$/);
    expect(sessionPingbackId()).toBe(id);
    expect([...kept.values()]).toEqual([id]);
  });

  it('reads the page location when there is one', () => {
    expect(pageLocation()).toBeUndefined();
    vi.stubGlobal('location', { hostname: 'localhost', search: '' });
    expect(pageLocation()).toEqual({ hostname: 'localhost', search: '' });
  });
});
