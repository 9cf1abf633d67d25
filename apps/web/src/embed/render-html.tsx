/**
 * The embed's server renderer (built to dist/.ssr/embed-render.js, imported by the server): the same
 * view the page hydrates, rendered to HTML from the data the page is given, so the GIF's media
 * element is in the served HTML and its first frame never waits for a script.
 */
import type { RenderEmbed } from '@loopbox/pages';
import { renderToString } from 'react-dom/server';
import { embedDataOf, viewDataOf } from './embed-data.ts';
import { EmbedView } from './EmbedView.tsx';

const notTracked = () => {};
const noRelatedOnTheServer = { related: () => Promise.reject(new Error('the related grid is not rendered on the server')) };

export const renderEmbed: RenderEmbed = (request) => {
  const data = embedDataOf(request);
  const view = viewDataOf(data);
  return {
    title: view.gif.title || view.gif.alt_text,
    html: renderToString(<EmbedView {...view} client={noRelatedOnTheServer} track={notTracked} />),
    hydration: data,
  };
};
