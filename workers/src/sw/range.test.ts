import { describe, expect, it } from 'vitest';
import { rangeResponse } from './range.ts';

const body = new Blob(['0123456789']);
const read = async (response: Response) => ({ status: response.status, range: response.headers.get('Content-Range'), text: await response.text() });

describe('rangeResponse', () => {
  it('answers a closed, an open-ended and a suffix range with 206 and the bytes', async () => {
    expect(await read(rangeResponse('bytes=2-4', body, 'video/mp4'))).toEqual({ status: 206, range: 'bytes 2-4/10', text: '234' });
    expect(await read(rangeResponse('bytes=7-', body, 'video/mp4'))).toEqual({ status: 206, range: 'bytes 7-9/10', text: '789' });
    expect(await read(rangeResponse('bytes=-3', body, 'video/mp4'))).toEqual({ status: 206, range: 'bytes 7-9/10', text: '789' });
    expect(await read(rangeResponse('bytes=8-99', body, 'video/mp4'))).toEqual({ status: 206, range: 'bytes 8-9/10', text: '89' });
    expect(rangeResponse('bytes=0-0', body, 'video/mp4').headers.get('Content-Type')).toBe('video/mp4');
  });

  it('answers 416 for a range past the end, reversed or unreadable', async () => {
    for (const range of ['bytes=10-', 'bytes=5-2', 'items=0-1', 'bytes=-', 'bytes=0-1,4-5']) {
      expect(await read(rangeResponse(range, body, 'video/mp4'))).toEqual({ status: 416, range: 'bytes */10', text: '' });
    }
  });
});
