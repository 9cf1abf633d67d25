import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.ts';

const MAX = 16;

function echoApp() {
  const app = new Hono();
  app.post('/', bodyLimit({ maxSize: MAX, onError: (c) => c.text('too large', 413) }), async (c) => c.text(`read ${await c.req.text()}`));
  return app;
}

const streamOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  echoApp().request('/', { method: 'POST', body, headers, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

describe('bodyLimit', () => {
  it('decides a declared length from the header alone', async () => {
    // The header says too much, so the (small) body is refused unread.
    const refused = await post('{}', { 'Content-Length': String(MAX + 1) });
    expect([refused.status, await refused.text()]).toEqual([413, 'too large']);
    const read = await post('{"a":1}', { 'Content-Length': '7' });
    expect([read.status, await read.text()]).toEqual([200, 'read {"a":1}']);
  });

  it('counts a body of undeclared length as it streams', async () => {
    const refused = await post(streamOf('x'.repeat(MAX + 1)));
    expect([refused.status, await refused.text()]).toEqual([413, 'too large']);
    const read = await post(streamOf('x'.repeat(MAX)));
    expect([read.status, await read.text()]).toEqual([200, `read ${'x'.repeat(MAX)}`]);
  });

  it('counts the body when a Transfer-Encoding stands beside a declared length', async () => {
    const refused = await post(streamOf('x'.repeat(MAX + 1)), { 'Content-Length': '1', 'Transfer-Encoding': 'chunked' });
    expect(refused.status).toBe(413);
  });
});
