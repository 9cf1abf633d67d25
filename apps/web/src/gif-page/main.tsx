/** The GIF page (/gifs/{slug-or-id}): the GIF with its title, attribution, embed code and related GIFs. */
import './gif-page.css';
import { createLogger, isDebugEnabled, LoopboxFetch } from '@loopbox/sdk';
import { createRoot } from 'react-dom/client';
import { gifIdFromPath, readPageConfig } from '../embed/page-config.ts';
import { GifPage } from './GifPage.tsx';
import { advertiseOembed, oembedHref } from './oembed-link.ts';

/** The page's content width: the layout grid is 1040 px wide (SPEC 9), less the page padding. */
const CONTENT_WIDTH = 1040 - 32;

const config = readPageConfig();
const logger = createLogger(isDebugEnabled({ location }));
const root = createRoot(document.getElementById('root')!);
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase });
const id = gifIdFromPath(location.pathname);

if (!id) root.render(<p>No GIF here.</p>);
else
  client.gif(id).then(
    ({ data: gif }) => {
      document.title = `${gif.title || gif.alt_text} - Loopbox`;
      advertiseOembed(document, oembedHref(location.origin, location.origin + location.pathname), document.title);
      root.render(<GifPage gif={gif} client={client} width={Math.min(window.innerWidth - 32, CONTENT_WIDTH)} />);
    },
    (error: unknown) => {
      logger.error('could not load the GIF', error);
      root.render(<p>This GIF is not available.</p>);
    },
  );
