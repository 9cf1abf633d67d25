import { describe, expect, it } from 'vitest';
import { createPingbackEvent } from './event.ts';

const element = { getBoundingClientRect: () => ({ x: 10.4, y: 20.6, width: 200, height: 150.2 }) } as Element;

describe('createPingbackEvent', () => {
  it('carries the analytics payload, user id, time, layout type and position rectangle', () => {
    const event = createPingbackEvent({
      gif: { analytics_response_payload: 'e=abc' },
      action: 'HOVER',
      userId: '0123456789abcdef',
      layoutType: 'CAROUSEL',
      element,
      now: () => 1_700_000_000_000,
      randomId: () => 'id-1',
    });
    expect(event).toEqual({
      event_id: 'id-1',
      action_type: 'HOVER',
      analytics_response_payload: 'e=abc',
      user_id: '0123456789abcdef',
      ts: 1_700_000_000_000,
      attributes: { layout_type: 'CAROUSEL', position: { x: 10, y: 21, width: 200, height: 150 } },
    });
  });

  it('adds the logged-in user id when the widget has a user', () => {
    const event = createPingbackEvent({
      gif: { analytics_response_payload: 'p' },
      action: 'CLICK',
      userId: 'u',
      layoutType: 'GIF',
      user: { id: 42 },
    });
    expect(event?.logged_in_user_id).toBe('42');
    expect(event?.attributes).toEqual({ layout_type: 'GIF' });
    expect(event?.event_id).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('makes no report for a GIF without an analytics payload', () => {
    expect(createPingbackEvent({ gif: {}, action: 'SEEN', userId: 'u', layoutType: 'GRID' })).toBeUndefined();
  });
});
