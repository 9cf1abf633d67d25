import { pageViewOf, type Logger, type VirtualPage } from '@loopbox/sdk';
import { startAnalyticsPipeline, type AnalyticsPipeline } from '@loopbox/workers/pipeline';

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

/** Reports this page's view (SPEC 2.3: page path, and the virtual path of a paged view) to the collector. */
export function sendPageView(pipeline: AnalyticsPipeline, userId: string, options: { gifId?: string; virtualPage?: VirtualPage } = {}): void {
  const view = pageViewOf(location.href, options.virtualPage ? { virtualPage: options.virtualPage } : {});
  if (!view) return;
  pipeline.sendAnalytics({
    event_id: crypto.randomUUID(),
    kind: 'page_view',
    page_path: view.page_path,
    ...(view.virtual_page_path ? { virtual_page_path: view.virtual_page_path } : {}),
    ...(options.gifId ? { gif_id: options.gifId } : {}),
    user_id: userId,
    ts: Date.now(),
  } as { event_id: string });
}
