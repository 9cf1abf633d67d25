import { describe, expect, it } from 'vitest';
import { errorEvent } from '../shared/analytics-events.ts';
import type { EmbedAnalyticsEvent } from './analytics.ts';
import { installErrorReporting, isErrorReportingSampled } from './error-reporting.ts';

/** An uncaught-error event as a browser dispatches it (Node has no ErrorEvent). */
const uncaught = (fields: Record<string, unknown>) => Object.assign(new Event('error'), fields);
const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

describe('error reporting', () => {
  it('samples 1% of visits', () => {
    expect(isErrorReportingSampled(() => 0)).toBe(true);
    expect(isErrorReportingSampled(() => 0.0099)).toBe(true);
    expect(isErrorReportingSampled(() => 0.01)).toBe(false);
    expect(isErrorReportingSampled(() => 0.5)).toBe(false);
  });

  it('reports uncaught errors with their source and rejections, until removed', () => {
    const target = new EventTarget() as unknown as Window;
    const reports: Array<[string, string | undefined]> = [];
    const remove = installErrorReporting(target, (message, source) => reports.push([message, source]));
    target.dispatchEvent(uncaught({ message: 'x is not defined', filename: 'https://h/assets/embed.js', lineno: 3, colno: 14 }));
    target.dispatchEvent(uncaught({ message: 'Script error.' }));
    target.dispatchEvent(rejection(new Error('fetch failed')));
    expect(reports).toEqual([
      ['x is not defined', 'https://h/assets/embed.js:3:14'],
      ['Script error.', undefined],
      ['Error: fetch failed', 'unhandledrejection'],
    ]);
    remove();
    target.dispatchEvent(uncaught({ message: 'after removal' }));
    expect(reports).toHaveLength(3);
  });

  it('on a sampled visit, sends each report as an error event through deliver', () => {
    const target = new EventTarget() as unknown as Window;
    const delivered: EmbedAnalyticsEvent[] = [];
    const visit = { userId: 'u1', pagePath: '/embed/abc', gifId: 'abc' };
    const stamp = { now: () => 9, newId: () => 'evt-00000001' };
    if (isErrorReportingSampled(() => 0))
      installErrorReporting(target, (message, source) => delivered.push(errorEvent(message, source, visit, stamp)));
    target.dispatchEvent(uncaught({ message: 'boom', filename: 'embed.js', lineno: 1, colno: 2 }));
    expect(delivered).toEqual([
      { event_id: 'evt-00000001', kind: 'error', message: 'boom', source: 'embed.js:1:2', page_path: '/embed/abc', user_id: 'u1', ts: 9 },
    ]);
  });
});
