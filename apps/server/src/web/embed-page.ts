import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EMBED_DATA_ELEMENT_ID, EMBED_RENDERER_FILE, escapeHtml, type EmbedRenderRequest, type RenderEmbed } from '@loopbox/pages';
import { scriptJson } from './script-json.ts';

const TITLE = /<title>[^<]*<\/title>/;
const VIEW_PLACEHOLDER = '<!--loopbox-embed-->';
const DATA_PLACEHOLDER = '<!--loopbox-embed-data-->';

/**
 * The embed page (/embed/{id}) with its view rendered on the server by the web build's renderer
 * (apps/web/src/embed/render-html.tsx), so the GIF's media element is in the HTML: its first frame
 * never waits for the page's JavaScript, which hydrates the view from the data written beside it.
 * The renderer is imported once per build (a rebuild writes a new file time, read again).
 */
export function embedPageRenderer(distDir: string) {
  const file = path.join(distDir, EMBED_RENDERER_FILE);
  let loaded: { builtAt: number; render: Promise<RenderEmbed> } | undefined;
  const renderer = () => {
    const builtAt = fs.statSync(file).mtimeMs;
    if (loaded?.builtAt !== builtAt) {
      const url = `${pathToFileURL(file).href}?built=${builtAt}`;
      loaded = { builtAt, render: import(url).then((module: { renderEmbed: RenderEmbed }) => module.renderEmbed) };
    }
    return loaded.render;
  };
  return async (template: string, request: EmbedRenderRequest): Promise<string> => {
    const { title, html, hydration } = (await renderer())(request);
    return template
      .replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
      .replace(VIEW_PLACEHOLDER, () => html)
      .replace(DATA_PLACEHOLDER, () => `<script type="application/json" id="${EMBED_DATA_ELEMENT_ID}">${scriptJson(hydration)}</script>`);
  };
}
