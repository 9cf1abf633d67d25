import { describe, expect, it } from 'vitest';
import { createLogger } from '@loopbox/sdk';
import { createEmbedTracker, hasVendorConsent, pushPageView } from './analytics.ts';
import { isErrorReportingSampled } from './error-reporting.ts';

describe('embed analytics', () => {
  it('posts one CLICK pingback of layout EMBED with category, action and label', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const track = createEmbedTracker({
      pingbackUrl: '/v2/pingback',
      apiKey: 'k1',
      payload: 'e=abc',
      userId: 'u'.repeat(16),
      logger: createLogger(false),
      fetch: async (url, init) => (calls.push([String(url), init]), new Response('{}')),
      now: () => 1234,
      randomId: () => 'evt-00000001',
    });
    track({ category: 'Embed', action: 'Click', label: 'Share' });
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe('/v2/pingback?apikey=k1');
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({
      events: [
        {
          event_id: 'evt-00000001',
          action_type: 'CLICK',
          analytics_response_payload: 'e=abc',
          user_id: 'u'.repeat(16),
          ts: 1234,
          attributes: { layout_type: 'EMBED', category: 'Embed', action: 'Click', label: 'Share' },
        },
      ],
    });
  });

  it('sends nothing without a collector or a payload', () => {
    let sent = 0;
    const base = { apiKey: 'k', userId: 'u', logger: createLogger(false), fetch: async () => (sent++, new Response()) };
    createEmbedTracker({ ...base, pingbackUrl: '', payload: 'e=1' })({ category: 'Embed', action: 'Click', label: 'Image' });
    createEmbedTracker({ ...base, pingbackUrl: '/v2/pingback', payload: undefined })({ category: 'Embed', action: 'Click', label: 'Image' });
    expect(sent).toBe(0);
  });

  it('pushes page views only with vendor consent', () => {
    const target: { dataLayer?: unknown[] } = {};
    expect(pushPageView(target, false, '/embed/1')).toBe(false);
    expect(target.dataLayer).toBeUndefined();
    expect(pushPageView(target, hasVendorConsent('?vendor_consent=1', false), '/embed/1')).toBe(true);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_type: 'embed', page_path: '/embed/1' }]);
    expect(hasVendorConsent('', true)).toBe(true);
    expect(hasVendorConsent('?vendor_consent=0', false)).toBe(false);
  });

  it('samples error reporting at 1% of visits', () => {
    expect(isErrorReportingSampled(() => 0.0099)).toBe(true);
    expect(isErrorReportingSampled(() => 0.01)).toBe(false);
  });
});
