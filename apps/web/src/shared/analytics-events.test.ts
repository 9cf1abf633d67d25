import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGE_MAX_LENGTH, ERROR_SOURCE_MAX_LENGTH, errorEvent, pageViewEvent } from './analytics-events.ts';

const visit = { userId: 'u'.repeat(16), pagePath: '/embed/abc123', gifId: 'abc123' };
const stamp = () => {
  let n = 0;
  return { now: () => 1234, newId: () => `evt-0000000${++n}` };
};

describe('page analytics events', () => {
  it('builds a page view, leaving out a missing GIF id', () => {
    expect(pageViewEvent({ userId: 'u1', pagePath: '/embed/' }, stamp())).toEqual({
      event_id: 'evt-00000001',
      kind: 'page_view',
      page_path: '/embed/',
      user_id: 'u1',
      ts: 1234,
    });
    expect(pageViewEvent(visit, stamp())).toMatchObject({ gif_id: 'abc123' });
    expect(pageViewEvent({ userId: 'u1', pagePath: '/search/cat/page/2', virtualPagePath: '/search/cat/page/2' }, stamp())).toMatchObject({
      virtual_page_path: '/search/cat/page/2',
    });
  });

  it('builds an error report cut to the collector limits', () => {
    const long = errorEvent('m'.repeat(ERROR_MESSAGE_MAX_LENGTH + 20), 's'.repeat(ERROR_SOURCE_MAX_LENGTH + 1), visit, stamp());
    expect(long).toMatchObject({ kind: 'error', page_path: '/embed/abc123', user_id: visit.userId, ts: 1234 });
    expect(long.message).toHaveLength(ERROR_MESSAGE_MAX_LENGTH);
    expect(long.source).toHaveLength(ERROR_SOURCE_MAX_LENGTH);
    expect(errorEvent('boom', undefined, visit, stamp())).toEqual({
      event_id: 'evt-00000001',
      kind: 'error',
      message: 'boom',
      page_path: '/embed/abc123',
      user_id: visit.userId,
      ts: 1234,
    });
    expect('gif_id' in long).toBe(false);
  });

  it('gives each event a fresh UUID by default', () => {
    const a = pageViewEvent(visit);
    const b = pageViewEvent(visit);
    expect(a.event_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a.event_id).not.toBe(b.event_id);
  });
});
