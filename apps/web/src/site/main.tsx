/**
 * The site (every browser path but the embed and the light pages): home, search, browse, GIF,
 * profile and error pages in one React app. The server serves site.html for each of those paths
 * with the page's head already written and `pageStatus` in the page config.
 */
import '@loopbox/widgets/styles.css';
import './shell/site.css';
import { createLogger, isDebugEnabled, LoopboxFetch } from '@loopbox/sdk';
import { createRoot } from 'react-dom/client';
import { readPageConfig } from '../shared/page-config.ts';
import { startPagePipeline } from '../shared/page-pipeline.ts';
import { createSiteServices } from './shell/services.ts';
import { SiteApp } from './shell/SiteApp.tsx';

const config = readPageConfig();
const logger = createLogger(isDebugEnabled({ location }));
const pipeline = startPagePipeline(config, logger);
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase, cache: pipeline.cacheStore });
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
const initialStatus = (globalThis as { LOOPBOX_CONFIG?: { pageStatus?: unknown } }).LOOPBOX_CONFIG?.pageStatus;

createRoot(document.getElementById('root')!).render(
  <SiteApp services={createSiteServices(client, pipeline, storage)} initialStatus={typeof initialStatus === 'number' ? initialStatus : 200} />,
);
