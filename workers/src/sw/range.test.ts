import { describe, expect, it } from 'vitest';
import { answerAsRequested } from './range.ts';

/** A media file as the runtime cache keeps it: whole, with the media server's validators. */
const kept = () =>
  new Response('0123456789', { headers: { 'Content-Type': 'video/mp4', ETag: '"a-1"', 'Last-Modified': 'Tue, 01 Apr 2025 10:00:00 GMT' } });
const ask = async (headers: Record<string, string>) => {
  const response = await answerAsRequested(new Request('http://127.0.0.1/media/a/giphy.mp4', { headers }), kept());
  return {
    status: response.status,
    range: response.headers.get('Content-Range'),
    type: response.headers.get('Content-Type'),
    text: await response.text(),
  };
};

describe('the service worker answering from media kept whole', () => {
  it('answers a closed, an open-ended and a suffix range with 206 and the bytes', async () => {
    expect(await ask({ Range: 'bytes=2-4' })).toEqual({ status: 206, range: 'bytes 2-4/10', type: 'video/mp4', text: '234' });
    expect(await ask({ Range: 'bytes=7-' })).toEqual({ status: 206, range: 'bytes 7-9/10', type: 'video/mp4', text: '789' });
    expect(await ask({ Range: 'bytes=-3' })).toEqual({ status: 206, range: 'bytes 7-9/10', type: 'video/mp4', text: '789' });
    expect(await ask({ Range: 'bytes=8-99' })).toEqual({ status: 206, range: 'bytes 8-9/10', type: 'video/mp4', text: '89' });
  });

  it('answers several ranges, an unreadable one or a stale If-Range with the whole file, never 416', async () => {
    const wholeAnswers: Record<string, string>[] = [
      { Range: 'bytes=0-1,4-5' },
      { Range: 'items=0-1' },
      { Range: 'bytes=5-2' },
      { Range: 'bytes=0-1', 'If-Range': '"a-0"' },
    ];
    for (const headers of wholeAnswers) {
      expect(await ask(headers), JSON.stringify(headers)).toEqual({ status: 200, range: null, type: 'video/mp4', text: '0123456789' });
    }
    expect(await ask({ Range: 'bytes=0-1', 'If-Range': '"a-1"' })).toMatchObject({ status: 206, text: '01' });
  });

  it('answers 416 only for a range past the end, and 304 for a matching validator', async () => {
    for (const range of ['bytes=10-', 'bytes=-0'])
      expect(await ask({ Range: range })).toMatchObject({ status: 416, range: 'bytes */10', text: '' });
    expect(await ask({ 'If-None-Match': '"a-1"' })).toMatchObject({ status: 304, text: '' });
  });
});
