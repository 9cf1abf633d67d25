/**
 * The embed page (/embed/{id}): the server sent the view already rendered (render-html.tsx) with the
 * data it was rendered from; this hydrates it, so the GIF that is already playing is never replaced.
 * Every analytics event (tracked actions, the page view, sampled error reports) and the related
 * grid's pingbacks leave through the page's pipeline (the pingback Web Worker); page views also go
 * to the data layer, but only with vendor consent.
 */
import '../ui/styles/tokens.css';
import './embed.css';
// Shipped on preact/compat: effects keep React's timing (docs/decisions.md, "Light entries").
import '@loopbox/widgets/preact-effects';
import { EMBED_DATA_ELEMENT_ID, gifIdFromPath } from '@loopbox/pages';
import { createLogger, isDebugEnabled, LoopboxFetch } from '@loopbox/sdk';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { errorEvent, type VisitContext } from '../shared/analytics-events.ts';
import { readPageConfig } from '../shared/page-config.ts';
import { sendPageView, startPagePipeline } from '../shared/page-pipeline.ts';
import { createEmbedTracker, hasVendorConsent, pushPageView, type Deliver } from './analytics.ts';
import { readEmbedData, viewDataOf } from './embed-data.ts';
import { EmbedView } from './EmbedView.tsx';
import { installErrorReporting, isErrorReportingSampled } from './error-reporting.ts';

const config = readPageConfig();
const logger = createLogger(isDebugEnabled({ location }));
const pipeline = startPagePipeline(config, logger);
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase, cache: pipeline.cacheStore });
const id = gifIdFromPath(location.pathname);
const visit: VisitContext = { userId: client.pingbackId, pagePath: location.pathname, gifId: id };
const deliver: Deliver = (event) => pipeline.sendAnalytics(event);

if (isErrorReportingSampled()) installErrorReporting(window, (message, source) => deliver(errorEvent(message, source, visit)));
sendPageView(pipeline, visit);
pushPageView(window as { dataLayer?: unknown[] }, hasVendorConsent(location.search, config.vendorConsent ?? false), location.pathname);

const root = document.getElementById('root')!;
const data = readEmbedData(document.getElementById(EMBED_DATA_ELEMENT_ID));
if (data && data.gif.id === id) {
  const view = viewDataOf(data);
  hydrateRoot(
    root,
    <EmbedView
      {...view}
      client={client}
      track={createEmbedTracker(deliver, { ...visit, gifId: view.gif.id }, logger)}
      pingback={pipeline.pingbackSink}
    />,
  );
} else {
  logger.error('the page carries no embed data for this GIF');
  createRoot(root).render(<p className="lb-embed__error">This GIF is not available.</p>);
}
