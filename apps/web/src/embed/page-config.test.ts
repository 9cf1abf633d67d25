import { describe, expect, it } from 'vitest';
import { MOBILE_USER_AGENT } from './constants.ts';
import { isMobileUserAgent } from './page-config.ts';

describe('embed page config', () => {
  it('detects mobile by user agent', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', MOBILE_USER_AGENT)).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36', MOBILE_USER_AGENT)).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36', MOBILE_USER_AGENT)).toBe(false);
  });
});
