import { Hono } from 'hono';
import { describe as suite, expect, it } from 'vitest';
import { z } from 'zod';
import { enveloped, Timestamp } from '@loopbox/contract/common';
import { envelope } from './envelope.ts';
import { answerCheckFrom, answersMatchSchemas } from './answer-check.ts';
import { describe } from '../openapi/describe.ts';

const Thing = enveloped(z.strictObject({ id: z.string(), state: z.enum(['open', 'closed']), changed_at: Timestamp }));

function appAnswering(data: unknown, logged: string[]) {
  const app = new Hono();
  app.use(answersMatchSchemas((line) => logged.push(line)));
  const sub = new Hono();
  sub.get('/things/:id', describe({ tag: 'gifs', summary: 'A thing', access: 'anyone', response: Thing }), (c) =>
    c.json(envelope(data, 'r1')),
  );
  sub.get('/undescribed', describe({ tag: 'gifs', summary: 'No schema', access: 'anyone' }), (c) => c.json({ anything: true }));
  sub.get('/refused', describe({ tag: 'gifs', summary: 'Refuses', access: 'anyone', response: Thing }), (c) => c.json({ meta: {} }, 404));
  app.route('/', sub);
  return app;
}

suite('answersMatchSchemas', () => {
  it('lets an answer its schema allows through unchanged, a Date sent as the string the JSON carries', async () => {
    const logged: string[] = [];
    const changed = new Date('2026-11-28T00:00:00Z');
    const res = await appAnswering({ id: 'a', state: 'open', changed_at: changed }, logged).request('/things/a');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ id: 'a', state: 'open', changed_at: '2026-11-28T00:00:00.000Z' });
    expect(logged).toEqual([]);
  });

  it('turns an answer its schema does not allow into a 500 naming the route and the field, and logs it', async () => {
    const logged: string[] = [];
    const res = await appAnswering({ id: 'a', state: 'gone', changed_at: 'yesterday', extra: 1 }, logged).request('/things/a');
    expect(res.status).toBe(500);
    const { meta } = await res.json();
    expect(meta.status).toBe(500);
    expect(meta.msg).toContain('The answer of GET /things/:id does not match its schema');
    expect(meta.msg).toContain('data.state');
    expect(meta.msg).toContain('data.changed_at');
    expect(meta.msg).toContain('extra');
    expect(logged).toEqual([meta.msg]);
  });

  it('leaves refusals and routes without a response schema alone', async () => {
    const logged: string[] = [];
    const app = appAnswering({}, logged);
    expect((await app.request('/undescribed')).status).toBe(200);
    expect((await app.request('/refused')).status).toBe(404);
    expect(logged).toEqual([]);
  });
});

suite('answerCheckFrom', () => {
  it('is off unless CHECK_ANSWERS is on, and refuses anything else', () => {
    expect(answerCheckFrom({})).toBe(false);
    expect(answerCheckFrom({ CHECK_ANSWERS: 'on' })).toBe(true);
    expect(answerCheckFrom({ CHECK_ANSWERS: 'off' })).toBe(false);
    expect(() => answerCheckFrom({ CHECK_ANSWERS: 'yes' })).toThrow('CHECK_ANSWERS must be on or off');
  });
});
