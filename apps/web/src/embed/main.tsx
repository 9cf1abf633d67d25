/**
 * The embed page (/embed/{id}): reads the page config the server injected, loads the GIF with
 * the embed key and renders the embed view. Page views go to the data layer only with vendor
 * consent; uncaught errors are reported on a 1% sample of visits.
 */
import './embed.css';
import { createLogger, isDebugEnabled, LoopboxFetch, type IGif } from '@loopbox/sdk';
import { createRoot } from 'react-dom/client';
import { createEmbedTracker, hasVendorConsent, pushPageView } from './analytics.ts';
import { MOBILE_USER_AGENT } from './constants.ts';
import { EmbedView } from './EmbedView.tsx';
import { installErrorReporting, isErrorReportingSampled } from './error-reporting.ts';
import { gifIdFromPath, isMobileUserAgent, readPageConfig } from './page-config.ts';

const config = readPageConfig();
const logger = createLogger(isDebugEnabled({ location }));
if (isErrorReportingSampled()) installErrorReporting(window, (...args) => console.error(...args));
pushPageView(window as { dataLayer?: unknown[] }, hasVendorConsent(location.search, config.vendorConsent ?? false), location.pathname);

const root = createRoot(document.getElementById('root')!);
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase });
const id = gifIdFromPath(location.pathname);

function render(gif: IGif) {
  document.title = gif.title || gif.alt_text;
  const track = createEmbedTracker({
    pingbackUrl: config.pingbackUrl,
    apiKey: config.apiKey,
    payload: gif.analytics_response_payload,
    userId: client.pingbackId,
    logger,
  });
  root.render(
    <EmbedView
      gif={gif}
      client={client}
      isMobile={isMobileUserAgent(navigator.userAgent, MOBILE_USER_AGENT)}
      hideVideo={new URLSearchParams(location.search).has('hide_video')}
      homeUrl={location.origin}
      track={track}
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
