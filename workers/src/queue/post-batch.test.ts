import { describe, expect, it } from 'vitest';
import { createRecordingFetch, testEvent, type ScriptedReply } from '../testing/recording-fetch.ts';
import { postBatch } from './post-batch.ts';

const post = (reply: ScriptedReply, keepalive?: boolean) => {
  const { fetch, posts } = createRecordingFetch([reply]);
  return postBatch(fetch, '/v2/pingback?apikey=k', { 'X-GIPHY-SDK-Name': 'JavascriptSDK' }, [testEvent('event-1')], {
    keepalive,
    now: () => 0,
  }).then((outcome) => ({ outcome, posts }));
};

describe('postBatch', () => {
  it("POSTs GIPHY's {events} body as JSON with the given headers", async () => {
    const { outcome, posts } = await post({ status: 200 }, true);
    expect(outcome).toEqual({ kind: 'delivered', accepted: 1, duplicates: 0, rejected: [] });
    expect(posts[0]!.url).toBe('/v2/pingback?apikey=k');
    expect(posts[0]!.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', 'X-GIPHY-SDK-Name': 'JavascriptSDK' },
    });
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ events: [testEvent('event-1')] });
  });

  it('retries network failures, 401, 403, 408, 429 and 5xx, with the Retry-After when given', async () => {
    expect((await post('network')).outcome).toMatchObject({ kind: 'retry', reason: 'network error: Failed to fetch' });
    expect((await post({ status: 503 })).outcome).toEqual({ kind: 'retry', reason: '503 status 503' });
    expect((await post({ status: 429, headers: { 'Retry-After': '3' } })).outcome).toEqual({
      kind: 'retry',
      reason: '429 status 429',
      retryAfterMs: 3000,
    });
    expect((await post({ status: 403, headers: { 'Retry-After': '30' } })).outcome).toEqual({
      kind: 'retry',
      reason: '403 status 403',
      retryAfterMs: 30_000,
    });
    for (const status of [401, 403, 408, 500, 502])
      expect((await post({ status })).outcome).toEqual({ kind: 'retry', reason: `${status} status ${status}` });
  });

  it('drops a batch the collector refuses for good', async () => {
    for (const status of [400, 404, 405, 413, 415, 422])
      expect((await post({ status })).outcome).toEqual({ kind: 'dropped', reason: `${status} status ${status}` });
  });
});
