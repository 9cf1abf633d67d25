import { NO_USERNAME_MESSAGE } from '@loopbox/pages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUserStories } from './stories-api.ts';

describe('fetchUserStories', () => {
  afterEach(() => vi.restoreAllMocks());
  it("asks nothing without a username and logs SPEC 5's message", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetching = vi.spyOn(globalThis, 'fetch');
    expect(await fetchUserStories(undefined)).toEqual([]);
    expect(await fetchUserStories('')).toEqual([]);
    expect(warn.mock.calls).toEqual([[NO_USERNAME_MESSAGE], [NO_USERNAME_MESSAGE]]);
    expect(fetching).not.toHaveBeenCalled();
  });
});
