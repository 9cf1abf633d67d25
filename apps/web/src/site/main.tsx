/**
 * The site (every browser path but the embed and the light pages): home, search, browse, GIF,
 * profile and error pages in one React app. The server serves site.html for each of those paths
 * with the page's head already written and `pageStatus` in the page config.
 */
import '@loopbox/widgets/styles.css';
import '../ui/styles/index.css';
import './shell/site.css';
import { createLogger, isDebugEnabled, LoopboxFetch } from '@loopbox/sdk';
import { createRoot } from 'react-dom/client';
import { readPageConfig } from '../shared/page-config.ts';
import { startPagePipeline } from '../shared/page-pipeline.ts';
import { prefetchHome } from './home/home-data.ts';
import { firstDataCache, readFirstData } from './shell/first-data.ts';
import { appContainer } from './shell/take-over.ts';
import { preloadRoute } from './shell/routes.tsx';
import { createSiteServices } from './shell/services.ts';
import { initialRoute, SiteApp } from './shell/SiteApp.tsx';

const config = readPageConfig();
const logger = createLogger(isDebugEnabled({ location }));
const pipeline = startPagePipeline(config, logger);
// The client keeps its responses in memory: the site is one page for the whole visit, and asking
// the worker's cache first would hold every first request until the worker has started. It starts
// with the answers the server wrote into the page for its first screen (no refetch of them).
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase, cache: firstDataCache(readFirstData(document)) });
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
const served = (globalThis as { LOOPBOX_CONFIG?: { pageStatus?: unknown } }).LOOPBOX_CONFIG?.pageStatus;
const initialStatus = typeof served === 'number' ? served : 200;
const services = createSiteServices(client, pipeline, storage, (globalThis as { LOOPBOX_CONFIG?: unknown }).LOOPBOX_CONFIG);
const render = () =>
  createRoot(appContainer(document.getElementById('root')!)).render(<SiteApp services={services} initialStatus={initialStatus} />);
// The landing page's code first, so it renders at once (its first data already on the way); if
// the code fails to load, the app shows why.
const landing = initialRoute(location.pathname, initialStatus);
if (landing.page === 'home') prefetchHome(client);
preloadRoute(landing).then(render, render);
