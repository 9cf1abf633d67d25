import { describe, expect, it } from 'vitest';
import { derivedEventId as originEventId } from '../../apps/server/src/collector/event-id.ts';
import { derivedEventId } from '../src/pingback-event-id.ts';

describe("the edge's ids for pingbacks sent without one", () => {
  it('are the ids the origin derives, whatever the key order', async () => {
    const events: Record<string, unknown>[] = [
      { action_type: 'SEEN', analytics_response_payload: 'payload', user_id: 'u1', ts: 1_780_000_000_000 },
      {
        ts: 1_780_000_000_001,
        user_id: 'ü-ser',
        attributes: { position: { y: 2, x: 1, width: 3, height: 4 }, layout_type: 'GRID' },
        action_type: 'CLICK',
        analytics_response_payload: 'p"q',
      },
      {
        action_type: 'SENT',
        analytics_response_payload: 'payload',
        user_id: 'u1',
        ts: 1,
        list: [3, null, 'x', { b: 1, a: 2 }],
        event_id: 'ignored-id',
      },
    ];
    for (const event of events) expect(await derivedEventId(event)).toBe(originEventId(event));
    expect(await derivedEventId(events[0] as Record<string, unknown>)).not.toBe(await derivedEventId(events[1] as Record<string, unknown>));
  });
});
