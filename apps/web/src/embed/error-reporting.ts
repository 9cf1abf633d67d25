import { ERROR_REPORT_SAMPLE_RATE } from './constants.ts';

/** Error reporting is on for 1% of visits (SPEC 9). */
export function isErrorReportingSampled(random: () => number = Math.random): boolean {
  return random() < ERROR_REPORT_SAMPLE_RATE;
}

export type ReportError = (message: string, source?: string) => void;

/** Where an uncaught error was thrown: `file:line:column`, when the browser says. */
function errorSource(event: ErrorEvent): string | undefined {
  return event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined;
}

/**
 * Sends the uncaught errors and unhandled rejections of a visit to `report`; returns the function
 * that removes the listeners. Install it only on a sampled visit.
 */
export function installErrorReporting(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, report: ReportError): () => void {
  const onError = (event: ErrorEvent) => report(event.message || String(event.error), errorSource(event));
  const onRejection = (event: PromiseRejectionEvent) => report(String(event.reason), 'unhandledrejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
