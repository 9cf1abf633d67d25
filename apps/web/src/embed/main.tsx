/**
 * The embed page (/embed/{id}): reads the page config the server injected, loads the GIF with
 * the embed key and renders the embed view. Every analytics event (tracked actions, the page view,
 * sampled error reports) and the related grid's pingbacks leave through the page's pipeline (the
 * pingback Web Worker); page views also go to the data layer, but only with vendor consent.
 */
import './embed.css';
import { createLogger, isDebugEnabled, LoopboxFetch, type IGif } from '@loopbox/sdk';
import { createRoot } from 'react-dom/client';
import { errorEvent, type VisitContext } from '../shared/analytics-events.ts';
import { readPageConfig } from '../shared/page-config.ts';
import { sendPageView, startPagePipeline } from '../shared/page-pipeline.ts';
import { createEmbedTracker, hasVendorConsent, pushPageView, type Deliver } from './analytics.ts';
import { MOBILE_USER_AGENT } from './constants.ts';
import { EmbedView } from './EmbedView.tsx';
import { installErrorReporting, isErrorReportingSampled } from './error-reporting.ts';
import { isMobileUserAgent } from './page-config.ts';
import { gifIdFromPath } from '@loopbox/pages';

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

const root = createRoot(document.getElementById('root')!);

function render(gif: IGif) {
  document.title = gif.title || gif.alt_text;
  root.render(
    <EmbedView
      gif={gif}
      client={client}
      isMobile={isMobileUserAgent(navigator.userAgent, MOBILE_USER_AGENT)}
      hideVideo={new URLSearchParams(location.search).has('hide_video')}
      homeUrl={location.origin}
      track={createEmbedTracker(deliver, { ...visit, gifId: gif.id }, logger)}
      pingback={pipeline.pingbackSink}
    />,
  );
}

if (!id) root.render(<p className="lb-embed__error">No GIF here.</p>);
else
  client.gif(id).then(
    ({ data }) => render(data),
    (error: unknown) => {
      logger.error('could not load the GIF', error);
      root.render(<p className="lb-embed__error">This GIF is not available.</p>);
    },
  );
