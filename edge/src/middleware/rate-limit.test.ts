import { describe, expect, it } from 'vitest';
import { addressBucket, developerKey } from './rate-limit.ts';

describe('what the rate limits count under', () => {
  const siteKeys = new Set(['lb_web_0123', 'lb_mobile_0123']);

  it("counts a developer's key, never the site's own keys nor strings that cannot be a key", () => {
    expect(developerKey('dc6zaTOxFJmzC', siteKeys)).toBe('dc6zaTOxFJmzC');
    expect(developerKey('lb_web_0123', siteKeys)).toBeUndefined();
    expect(developerKey('lb_mobile_0123', siteKeys)).toBeUndefined();
    expect(developerKey(undefined, siteKeys)).toBeUndefined();
    for (const notAKey of ['k'.repeat(65), 'key with spaces', 'key\u0000nul', 'ключ', ''])
      expect(developerKey(notAKey, siteKeys)).toBeUndefined();
  });

  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:DB8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
