import { describe, expect, it, vi } from 'vitest';
import { LIBRARY_NAME } from './constants.ts';
import { createLogger, isDebugEnabled, type Logger } from './debug.ts';

const page = (hostname: string, search = '') => ({ hostname, search });

describe('isDebugEnabled', () => {
  it('is on with the debug flag', () => {
    expect(isDebugEnabled({ debug: true })).toBe(true);
    expect(isDebugEnabled({ debug: true, location: page('example.com') })).toBe(true);
  });

  it.each(['localhost', '127.0.0.1', '[::1]'])('is on for the local host %s', (hostname) => {
    expect(isDebugEnabled({ location: page(hostname) })).toBe(true);
  });

  it('is on with debug=true in the query string', () => {
    expect(isDebugEnabled({ location: page('example.com', '?a=1&debug=true') })).toBe(true);
  });

  it('is off otherwise', () => {
    expect(isDebugEnabled({})).toBe(false);
    expect(isDebugEnabled({ debug: false, location: page('example.com', '?debug=false') })).toBe(false);
    expect(isDebugEnabled({ location: page('localhost.example.com', '?debugger=true') })).toBe(false);
  });
});

function recordingSink(): Logger & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void calls.push([level, ...args]);
  return { calls, debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
}

describe('createLogger', () => {
  it('prefixes every level with the library name when enabled', () => {
    const sink = recordingSink();
    const logger = createLogger(true, sink);
    logger.debug('a', 1);
    logger.info('b');
    logger.warn('c');
    logger.error('d');
    expect(sink.calls).toEqual([
      ['debug', `${LIBRARY_NAME}:`, 'a', 1],
      ['info', `${LIBRARY_NAME}:`, 'b'],
      ['warn', `${LIBRARY_NAME}:`, 'c'],
      ['error', `${LIBRARY_NAME}:`, 'd'],
    ]);
  });

  it('is silent when disabled', () => {
    const sink = recordingSink();
    const logger = createLogger(false, sink);
    logger.debug('a');
    logger.error('b');
    expect(sink.calls).toEqual([]);
  });

  it('writes to the console by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createLogger(true).warn('careful');
    expect(spy).toHaveBeenCalledWith(`${LIBRARY_NAME}:`, 'careful');
    spy.mockRestore();
  });
});
