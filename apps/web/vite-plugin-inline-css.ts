import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Puts the stylesheets an HTML entry links into the page itself (`<style>`), so its first paint waits
 * for no second request: the embed's first frame is painted from its HTML alone.
 */
export function inlineEntryCss(pages: string[]): Plugin {
  return {
    name: 'loopbox-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || !pages.includes(path.basename(filename))) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}
