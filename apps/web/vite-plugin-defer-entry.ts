import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Starts a page's scripts only once its media shows a first frame, or at the visitor's first
 * interaction, or after a bound, whichever comes first: the page is rendered on the server and
 * its media element is in the HTML, so no script must compete with the media for a slow link.
 * Replaces the entry's module script and modulepreload links with a small inline loader that adds
 * them then.
 */
export function deferEntryUntilMedia(options: { pages: string[]; mediaSelector: string; maxWaitMs: number }): Plugin {
  return {
    name: 'loopbox-defer-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        if (!options.pages.includes(path.basename(filename))) return html;
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) return html;
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let page = html.replace(entry[0], '');
        for (const preload of preloads) page = page.replace(preload[0], '');
        const loader = `(${START_WHEN_MEDIA_SHOWS})(${JSON.stringify(entry[1])},${JSON.stringify(preloads.map((p) => p[1]))},${JSON.stringify(options.mediaSelector)},${options.maxWaitMs})`;
        return page.replace('</body>', () => `<script>${loader}</script>\n  </body>`);
      },
    },
  };
}

/**
 * The inline loader (runs at the end of the body, where the media element already is), called with
 * the entry, its preloads, the media selector and the bound. Kept as text: a function's source would
 * carry the helpers the TypeScript loader injects when the build runs under tsx (`__name`).
 */
const START_WHEN_MEDIA_SHOWS = `function (entry, preloads, mediaSelector, maxWaitMs) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) { document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: href })); });
    document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry }));
  }
  ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'].forEach(function (type) { addEventListener(type, start, { once: true, capture: true, passive: true }); });
  setTimeout(start, maxWaitMs);
  var media = document.querySelector(mediaSelector);
  if (media instanceof HTMLVideoElement) {
    if (media.readyState >= 2) start();
    media.addEventListener('loadeddata', start);
    media.addEventListener('error', start);
  } else if (media instanceof HTMLImageElement) {
    if (media.complete) start();
    media.addEventListener('load', start);
    media.addEventListener('error', start);
  } else start();
}`;
