import { describe, expect, it } from 'vitest';
import { createLogger } from '@loopbox/sdk';
import { createEmbedTracker, embedActionEvent, hasVendorConsent, pushPageView, type EmbedAnalyticsEvent } from './analytics.ts';

const visit = { userId: 'u'.repeat(16), pagePath: '/embed/abc123', gifId: 'abc123' };
const stamp = () => {
  let n = 0;
  return { now: () => 1234, newId: () => `evt-0000000${++n}` };
};

describe('embed analytics events', () => {
  it('builds a tracked action as an event of category Embed with the GIF, user and page', () => {
    expect(embedActionEvent({ category: 'Embed', action: 'Click', label: 'Share' }, visit, stamp())).toEqual({
      event_id: 'evt-00000001',
      kind: 'event',
      category: 'Embed',
      action: 'Click',
      label: 'Share',
      gif_id: 'abc123',
      user_id: visit.userId,
      ts: 1234,
      page_path: '/embed/abc123',
    });
  });

  it('hands each tracked action to deliver, once', () => {
    const delivered: EmbedAnalyticsEvent[] = [];
    const track = createEmbedTracker((event) => delivered.push(event), visit, createLogger(false), stamp());
    track({ category: 'Embed', action: 'Hover', label: 'Image' });
    track({ category: 'Embed', action: 'SCROLL', label: 'GRID' });
    expect(delivered.map((e) => e.kind === 'event' && `${e.event_id} ${e.action}/${e.label}`)).toEqual([
      'evt-00000001 Hover/Image',
      'evt-00000002 SCROLL/GRID',
    ]);
  });

  it('pushes page views to the data layer only with vendor consent', () => {
    const target: { dataLayer?: unknown[] } = {};
    expect(pushPageView(target, false, '/embed/1')).toBe(false);
    expect(target.dataLayer).toBeUndefined();
    expect(pushPageView(target, hasVendorConsent('?vendor_consent=1', false), '/embed/1')).toBe(true);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_type: 'embed', page_path: '/embed/1' }]);
    expect(hasVendorConsent('', true)).toBe(true);
    expect(hasVendorConsent('?vendor_consent=0', false)).toBe(false);
  });
});
