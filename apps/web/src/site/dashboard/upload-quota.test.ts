import { describe, expect, it } from 'vitest';
import { quotaText, trustText } from './UploadQuota.tsx';

describe('the upload page’s quota line', () => {
  it('says what is used of each limit in words people read', () => {
    const q = {
      open: { used: 2, limit: 5 },
      url_fetches: { used: 0, limit: 2 },
      bytes_today: { used: 340 * 1024 * 1024, limit: 1024 ** 3, resets_at: '2026-01-02T00:00:00.000Z' },
    };
    expect(quotaText(q)).toBe('2 of 5 uploads in progress · 340 MB of 1 GB today · 0 of 2 URLs being fetched');
  });
  it('tells a new account its uploads wait for review, and a trusted one nothing', () => {
    const q = {
      open: { used: 0, limit: 2 },
      url_fetches: { used: 0, limit: 1 },
      bytes_today: { used: 0, limit: 100 * 1024 ** 2, resets_at: '2026-01-02T00:00:00.000Z' },
    };
    expect(trustText({ ...q, trust: { level: 'new', approved_uploads: 2, approved_needed: 3 } })).toMatch(
      /^New account: each upload waits for a moderator's review .* anyone with its link can see it meanwhile\. After 1 more approved upload yours go live at once/,
    );
    expect(trustText({ ...q, trust: { level: 'trusted', approved_uploads: 3, approved_needed: 3 } })).toBeUndefined();
  });
  it('writes one limit in the singular', () => {
    const q = {
      open: { used: 0, limit: 1 },
      url_fetches: { used: 1, limit: 1 },
      bytes_today: { used: 1, limit: 100 * 1024 ** 2, resets_at: '2026-01-02T00:00:00.000Z' },
    };
    expect(quotaText(q)).toBe('0 of 1 upload in progress · 1 byte of 100 MB today · 1 of 1 URL being fetched');
  });
});
