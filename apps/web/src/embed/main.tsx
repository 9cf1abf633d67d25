/**
 * The embed page (/embed/{id}): reads the page config the server injected, loads the GIF with
 * the embed key and renders the embed view. Every analytics event (tracked actions, the page view,
 * sampled error reports) leaves through one `deliver`; page views also go to the data layer, but
 * only with vendor consent.
 */
import './embed.css';
import { createLogger, isDebugEnabled, LoopboxFetch, type IGif } from '@loopbox/sdk';
import { createRoot } from 'react-dom/client';
import { createEmbedTracker, errorEvent, hasVendorConsent, pageViewEvent, pushPageView, type VisitContext } from './analytics.ts';
import { MOBILE_USER_AGENT } from './constants.ts';
import { createPostDelivery } from './delivery.ts';
import { EmbedView } from './EmbedView.tsx';
import { installErrorReporting, isErrorReportingSampled } from './error-reporting.ts';
import { gifIdFromPath, isMobileUserAgent, readPageConfig } from './page-config.ts';

const config = readPageConfig();
const logger = createLogger(isDebugEnabled({ location }));
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase });
const id = gifIdFromPath(location.pathname);
const visit: VisitContext = { userId: client.pingbackId, pagePath: location.pathname, gifId: id };
const deliver = createPostDelivery({ url: config.analyticsUrl, apiKey: config.apiKey, logger });

if (isErrorReportingSampled()) installErrorReporting(window, (message, source) => deliver(errorEvent(message, source, visit)));
deliver(pageViewEvent(visit));
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
