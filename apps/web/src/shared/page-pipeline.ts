import type { Logger } from '@loopbox/sdk';
import { startAnalyticsPipeline, type AnalyticsPipeline } from '@loopbox/workers/pipeline';
import { pageViewEvent, type PageViewDetails, type VisitContext } from './analytics-events.ts';

/** The service worker script the web build writes at the root of dist (vite-plugin-service-worker.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

export interface PagePipelineConfig {
  apiKey: string;
  pingbackUrl: string;
  analyticsUrl: string;
}

/** The page's analytics pipeline: the pingback Web Worker, the service worker, or the main-thread fallback. */
export function startPagePipeline(config: PagePipelineConfig, logger?: Pick<Logger, 'debug' | 'warn'>): AnalyticsPipeline {
  return startAnalyticsPipeline({ ...config, serviceWorkerUrl: SERVICE_WORKER_URL, ...(logger ? { logger } : {}) });
}

/** Reports this page's view (its path, the paged view and the GIF it shows) to the collector. */
export function sendPageView(pipeline: AnalyticsPipeline, visit: VisitContext & PageViewDetails): void {
  pipeline.sendAnalytics(pageViewEvent(visit));
}
