import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, lineLogger, redactText } from './logger.ts';

/** A logger writing into memory; `lines()` is what it wrote, split where a reader of the log would split it. */
function capture() {
  let written = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const logger = createLogger({ destination });
  return {
    logger,
    lines: () => written.split('\n').filter(Boolean),
    entries: () =>
      written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('the logger', () => {
  it('keeps a message and a field holding CR, LF and other control characters on one line, intact', () => {
    const { logger, lines, entries } = capture();
    const path = '/api/x\nedge 00000000 GET /admin 200 backend - 1 ms\r\n\u001b[31m\u0000';
    logger.info({ path }, 'edge request');
    lineLogger(logger)(`error GET ${path}: boom`);
    expect(lines()).toHaveLength(2);
    expect(entries()[0]).toMatchObject({ level: 'info', msg: 'edge request', path });
    expect(entries()[1]!.msg).toBe(`error GET ${path}: boom`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach a log line
    expect(lines().join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it('censors fields named like secrets and secret-looking text in messages', () => {
    const { logger, lines, entries } = capture();
    logger.info({ apiKey: 'lb_web_1', request: { authorization: 'Bearer t0k3n', path: '/v1' }, token: 'x' }, 'start');
    logger.warn('GET /v1/gifs/search?q=cat&api_key=lb_web_2 failed; Authorization: Bearer abc.def.ghi and apikey=lb_mobile_3');
    expect(lines().join('\n')).not.toMatch(/lb_web_1|t0k3n|lb_web_2|abc\.def\.ghi|lb_mobile_3/);
    expect(entries()[0]).toMatchObject({
      apiKey: '[redacted]',
      request: { authorization: '[redacted]', path: '/v1' },
      token: '[redacted]',
    });
    expect(entries()[1]!.msg).toBe(
      'GET /v1/gifs/search?q=cat&api_key=[redacted] failed; Authorization: Bearer [redacted] and apikey=[redacted]',
    );
  });

  it('leaves text without secrets alone', () => {
    expect(redactText('Loopbox: listening on http://127.0.0.1:3000 (token file in ./data/admin-token)')).toBe(
      'Loopbox: listening on http://127.0.0.1:3000 (token file in ./data/admin-token)',
    );
  });
});
