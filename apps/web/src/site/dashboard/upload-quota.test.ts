import { describe, expect, it } from 'vitest';
import { quotaText, sizeText } from './UploadQuota.tsx';

describe('the upload page’s quota line', () => {
  it('says what is used of each limit in words people read', () => {
    const q = { open: { used: 2, limit: 5 }, url_fetches: { used: 0, limit: 2 }, bytes_today: { used: 340 * 1024 * 1024, limit: 1024 ** 3, resets_at: '2026-01-02T00:00:00.000Z' } };
    expect(quotaText(q)).toBe('2 of 5 uploads in progress · 340 MB of 1 GB today · 0 of 2 URLs being fetched');
  });
  it('keeps one decimal below ten of a unit', () => {
    expect([sizeText(0), sizeText(1536), sizeText(2.5 * 1024 ** 3), sizeText(12.4 * 1024 ** 2)]).toEqual(['0 bytes', '1.5 KB', '2.5 GB', '12 MB']);
  });
});
