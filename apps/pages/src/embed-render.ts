/**
 * The contract between the server and the embed's server renderer (apps/web/src/embed/render-html.tsx,
 * built to apps/web/dist/.ssr/embed-render.js): the server hands over the GIF as its public API
 * presents it and the request's facts; the renderer answers the view's HTML and what the page hydrates
 * from, so both sides render the same view from the same data.
 */
export interface EmbedRenderRequest {
  /** The GIF in the public API's wire shape (`GET /v1/gifs/{id}`'s `data`). */
  gif: Record<string, unknown>;
  /** The request's User-Agent (SPEC 5: mobile detection by user agent). */
  userAgent: string;
  /** The embed URL's query string (`hide_video`, SPEC 3 embed options). */
  search: string;
  /** The site's origin: the logo's link. */
  homeUrl: string;
}

export interface EmbedRendered {
  /** The page's title (not escaped). */
  title: string;
  /** The view's markup, the children of `#root`. */
  html: string;
  /** What the page hydrates from, written into it as JSON (EMBED_DATA_ELEMENT_ID). */
  hydration: unknown;
}

export type RenderEmbed = (request: EmbedRenderRequest) => EmbedRendered;

/** The id of the `<script type="application/json">` holding the embed's hydration data. */
export const EMBED_DATA_ELEMENT_ID = 'lb-embed-data';

/** The renderer's module, relative to the web build's output folder (apps/web/dist). */
export const EMBED_RENDERER_FILE = '.ssr/embed-render.js';
