import type { Logger } from '@loopbox/sdk';
import { ERROR_REPORT_SAMPLE_RATE } from './constants.ts';

/** Error reporting is on for 1% of visits (SPEC 9). */
export function isErrorReportingSampled(random: () => number = Math.random): boolean {
  return random() < ERROR_REPORT_SAMPLE_RATE;
}

/**
 * Reports uncaught errors and rejections of a sampled visit to `report`; returns the function that
 * removes the listeners.
 */
export function installErrorReporting(target: Window, report: Logger['error']): () => void {
  const onError = (event: ErrorEvent) => report('embed error', event.message);
  const onRejection = (event: PromiseRejectionEvent) => report('embed rejection', String(event.reason));
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
