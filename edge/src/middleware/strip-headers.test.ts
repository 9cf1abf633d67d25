import { describe, expect, it } from 'vitest';
import { dropHopByHop } from './strip-headers.ts';

describe('dropHopByHop', () => {
  it('drops the standard hop-by-hop headers and those the Connection header names', () => {
    const headers = new Headers({
      Connection: 'close, X-Session-Hop, bad token',
      'X-Session-Hop': '1',
      'Keep-Alive': 'timeout=5',
      'Transfer-Encoding': 'chunked',
      Upgrade: 'websocket',
      'Proxy-Authorization': 'Basic x',
      'Content-Type': 'text/plain',
    });
    dropHopByHop(headers);
    expect([...headers.keys()]).toEqual(['content-type']);
  });
});
