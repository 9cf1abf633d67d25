/**
 * The GIF page (/gifs/{slug-or-id}): the GIF with its title, attribution, embed code and related GIFs.
 * Its oEmbed discovery link comes in the server-rendered head (apps/server/src/web/assets.ts).
 */
import './gif-page.css';
import { createLogger, isDebugEnabled, LoopboxFetch } from '@loopbox/sdk';
import { PingbackProvider } from '@loopbox/widgets';
import { createRoot } from 'react-dom/client';
import { gifIdFromPath } from '../embed/page-config.ts';
import { readPageConfig } from '../shared/page-config.ts';
import { sendPageView, startPagePipeline } from '../shared/page-pipeline.ts';
import { GifPage } from './GifPage.tsx';

/** The layout grid is 1040 px wide (SPEC 9); the page pads it by 16 px a side (gif-page.css). */
const LAYOUT_GRID_WIDTH_PX = 1040;
const PAGE_PADDING_PX = 16;
const relatedWidth = () => Math.min(window.innerWidth, LAYOUT_GRID_WIDTH_PX) - 2 * PAGE_PADDING_PX;

const config = readPageConfig();
const logger = createLogger(isDebugEnabled({ location }));
const root = createRoot(document.getElementById('root')!);
const pipeline = startPagePipeline(config, logger);
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase, cache: pipeline.cacheStore });
const id = gifIdFromPath(location.pathname);
sendPageView(pipeline, { userId: client.pingbackId, pagePath: location.pathname, gifId: id });

if (!id) root.render(<p>No GIF here.</p>);
else
  client.gif(id).then(
    ({ data: gif }) => {
      document.title = `${gif.title || gif.alt_text} - Loopbox`;
      root.render(
        <PingbackProvider sink={pipeline.pingbackSink} userId={client.pingbackId}>
          <GifPage gif={gif} client={client} width={relatedWidth()} />
        </PingbackProvider>,
      );
    },
    (error: unknown) => {
      logger.error('could not load the GIF', error);
      root.render(<p>This GIF is not available.</p>);
    },
  );
