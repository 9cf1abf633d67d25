import { afterEach, describe, expect, it } from 'vitest';
import { readPageConfig } from './page-config.ts';

describe('page config', () => {
  it('fills defaults when the page has no config', () => {
    expect(readPageConfig()).toEqual({ apiKey: '', apiBase: '/v1/', pingbackUrl: '', analyticsUrl: '', vendorConsent: false });
  });

  afterEach(() => {
    delete (globalThis as { LOOPBOX_CONFIG?: unknown }).LOOPBOX_CONFIG;
  });

  it('puts the analytics endpoint beside the pingback endpoint unless the config names one', () => {
    (globalThis as { LOOPBOX_CONFIG?: unknown }).LOOPBOX_CONFIG = { pingbackUrl: '/v2/pingback' };
    expect(readPageConfig().analyticsUrl).toBe('/v2/analytics');
    (globalThis as { LOOPBOX_CONFIG?: unknown }).LOOPBOX_CONFIG = {
      pingbackUrl: '/v2/pingback',
      analyticsUrl: 'https://collector.example/a',
    };
    expect(readPageConfig().analyticsUrl).toBe('https://collector.example/a');
  });
});
