import { describe, expect, it } from 'vitest';
import { answerFromWhole, byteRanges, evaluateRequest, type Representation } from './conditional-requests.ts';

const rep: Representation = { etag: '"abc"', lastModified: 'Tue, 01 Apr 2025 10:00:00 GMT', size: 100 };
const ask = (headers: Record<string, string>, method = 'GET') => evaluateRequest(method, new Headers(headers), rep);

describe('conditional requests (RFC 9110 13)', () => {
  it('answers a matching If-None-Match with 304, compared weakly, in lists and as *', () => {
    for (const value of ['"abc"', 'W/"abc"', '"x", "abc"', '*']) expect(ask({ 'If-None-Match': value }), value).toEqual({ status: 304 });
    expect(ask({ 'If-None-Match': '"abc"' }, 'HEAD')).toEqual({ status: 304 });
    expect(ask({ 'If-None-Match': '"other"' })).toEqual({ status: 200 });
  });

  it('answers If-Modified-Since with 304 unless modified later, and ignores it beside If-None-Match', () => {
    expect(ask({ 'If-Modified-Since': 'Tue, 01 Apr 2025 10:00:00 GMT' })).toEqual({ status: 304 });
    expect(ask({ 'If-Modified-Since': 'Wed, 02 Apr 2025 10:00:00 GMT' })).toEqual({ status: 304 });
    expect(ask({ 'If-Modified-Since': 'Mon, 31 Mar 2025 10:00:00 GMT' })).toEqual({ status: 200 });
    expect(ask({ 'If-Modified-Since': 'not a date' })).toEqual({ status: 200 });
    expect(ask({ 'If-None-Match': '"other"', 'If-Modified-Since': 'Wed, 02 Apr 2025 10:00:00 GMT' })).toEqual({ status: 200 });
  });

  it('refuses with 412 when If-Match or If-Unmodified-Since fails, and passes when they hold', () => {
    expect(ask({ 'If-Match': '"other"' })).toEqual({ status: 412 });
    expect(ask({ 'If-Match': 'W/"abc"' })).toEqual({ status: 412 }); // If-Match compares strongly
    expect(ask({ 'If-Match': '"abc"' })).toEqual({ status: 200 });
    expect(ask({ 'If-Unmodified-Since': 'Mon, 31 Mar 2025 10:00:00 GMT' })).toEqual({ status: 412 });
    expect(ask({ 'If-Unmodified-Since': 'Tue, 01 Apr 2025 10:00:00 GMT' })).toEqual({ status: 200 });
  });
});

describe('range requests (RFC 9110 14)', () => {
  it('answers one range with 206, clamped to the end', () => {
    expect(ask({ Range: 'bytes=0-9' })).toEqual({ status: 206, start: 0, end: 9 });
    expect(ask({ Range: 'bytes=90-' })).toEqual({ status: 206, start: 90, end: 99 });
    expect(ask({ Range: 'bytes=-5' })).toEqual({ status: 206, start: 95, end: 99 });
    expect(ask({ Range: 'bytes=-500' })).toEqual({ status: 206, start: 0, end: 99 });
    expect(ask({ Range: 'bytes=50-500' })).toEqual({ status: 206, start: 50, end: 99 });
    expect(ask({ Range: 'Bytes = 1-2' })).toEqual({ status: 206, start: 1, end: 2 });
  });

  it('merges overlapping and adjacent ranges into one 206', () => {
    expect(ask({ Range: 'bytes=0-49, 50-99' })).toEqual({ status: 206, start: 0, end: 99 });
    expect(ask({ Range: 'bytes=10-20,15-30,0-12' })).toEqual({ status: 206, start: 0, end: 30 });
  });

  it('answers several disjoint ranges with the whole representation, never 416', () => {
    expect(ask({ Range: 'bytes=0-1,4-5' })).toEqual({ status: 200 });
    expect(ask({ Range: 'bytes=0-1,500-600' })).toEqual({ status: 206, start: 0, end: 1 }); // only one is satisfiable
    expect(
      ask({
        Range: Array.from({ length: 150 }, (_, i) => `${i * 2}-${i * 2}`)
          .join(',')
          .replace(/^/, 'bytes='),
      }),
    ).toEqual({ status: 200 });
  });

  it('answers 416 only when no range is satisfiable', () => {
    for (const range of ['bytes=100-', 'bytes=200-300', 'bytes=-0', 'bytes=100-,150-'])
      expect(ask({ Range: range }), range).toEqual({ status: 416 });
  });

  it('ignores a Range of another unit, with bad syntax, or on a method other than GET', () => {
    for (const range of ['items=0-1', 'bytes=', 'bytes=-', 'bytes=a-b', 'bytes=5-2', 'bytes=0-1;x'])
      expect(ask({ Range: range }), range).toEqual({ status: 200 });
    expect(ask({ Range: 'bytes=0-1' }, 'HEAD')).toEqual({ status: 200 });
  });

  it('honours If-Range: the current strong tag or the exact date keeps the range, anything else gives the whole', () => {
    expect(ask({ Range: 'bytes=0-9', 'If-Range': '"abc"' })).toEqual({ status: 206, start: 0, end: 9 });
    expect(ask({ Range: 'bytes=0-9', 'If-Range': 'Tue, 01 Apr 2025 10:00:00 GMT' })).toEqual({ status: 206, start: 0, end: 9 });
    for (const ifRange of ['"old"', 'W/"abc"', 'Wed, 02 Apr 2025 10:00:00 GMT', 'garbage']) {
      expect(ask({ Range: 'bytes=0-9', 'If-Range': ifRange }), ifRange).toEqual({ status: 200 });
    }
  });

  it('lists the satisfiable ranges of a header', () => {
    expect(byteRanges('bytes=0-0,-1', 10)).toEqual([
      [0, 0],
      [9, 9],
    ]);
    expect(byteRanges('bytes=5-', 0)).toEqual([]);
    expect(byteRanges('lines=1-2', 10)).toBeNull();
  });
});

describe('answering from a whole kept response', () => {
  const whole = () =>
    new Response('0123456789', {
      headers: { 'Content-Type': 'video/mp4', ETag: '"v1"', 'Cache-Control': 'public, max-age=60', 'Content-Length': '10' },
    });
  const read = async (response: Response) => ({
    status: response.status,
    range: response.headers.get('Content-Range'),
    length: response.headers.get('Content-Length'),
    text: await response.text(),
  });
  const request = (headers: Record<string, string>, method = 'GET') =>
    new Request('https://x.example/media/a/giphy.mp4', { headers, method });

  it('gives the bytes asked for, or all of them', async () => {
    expect(await read(await answerFromWhole(request({ Range: 'bytes=2-4' }), whole()))).toEqual({
      status: 206,
      range: 'bytes 2-4/10',
      length: '3',
      text: '234',
    });
    expect(await read(await answerFromWhole(request({ Range: 'bytes=0-1,4-5' }), whole()))).toEqual({
      status: 200,
      range: null,
      length: '10',
      text: '0123456789',
    });
    expect(await read(await answerFromWhole(request({ Range: 'bytes=2-4', 'If-Range': '"v0"' }), whole()))).toEqual({
      status: 200,
      range: null,
      length: '10',
      text: '0123456789',
    });
    expect(await read(await answerFromWhole(request({ Range: 'bytes=10-' }), whole()))).toEqual({
      status: 416,
      range: 'bytes */10',
      length: '0',
      text: '',
    });
  });

  it('answers a matching validator with a bodiless 304 keeping the caching headers', async () => {
    const answer = await answerFromWhole(request({ 'If-None-Match': '"v1"' }), whole());
    expect(answer.status).toBe(304);
    expect(answer.headers.get('ETag')).toBe('"v1"');
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(answer.headers.get('Content-Type')).toBeNull();
    expect(await answer.text()).toBe('');
  });
});
