import { scriptJson } from '../script-json.ts';

/** The longest the app's code waits for the served screen's urgent media. */
export const APP_START_MAX_WAIT_MS = 3000;

/**
 * An inline script that starts the app's code (its entry modules and their modulepreloads) once the
 * served screen's urgent media (`img[fetchpriority=high]`) have loaded or failed, a frame later,
 * and at most APP_START_MAX_WAIT_MS after it runs. On a slow link the app's scripts would otherwise
 * share it with the file of the Largest Contentful Paint, and on a fast one their parsing would hold
 * its paint; the served screen needs no script meanwhile (its links and search form work as they are).
 */
export function appLoaderScript(entries: readonly string[], preloads: readonly string[]): string {
  const body = `
var entries = ${scriptJson(entries)}, preloads = ${scriptJson(preloads)}, started = false;
function add(tag, props) { var el = document.createElement(tag); el.crossOrigin = ''; for (var k in props) el[k] = props[k]; document.head.appendChild(el); }
function start() {
  if (started) return;
  started = true;
  preloads.forEach(function (href) { add('link', { rel: 'modulepreload', href: href }); });
  entries.forEach(function (src) { add('script', { type: 'module', src: src }); });
}
function soon() { requestAnimationFrame(function () { setTimeout(start, 0); }); }
var waiting = Array.prototype.filter.call(document.querySelectorAll('#root img[fetchpriority=high]'), function (img) { return !img.complete; });
var left = waiting.length;
if (left === 0) soon();
waiting.forEach(function (img) {
  function done() { left -= 1; if (left === 0) soon(); }
  img.addEventListener('load', done, { once: true });
  img.addEventListener('error', done, { once: true });
});
setTimeout(start, ${APP_START_MAX_WAIT_MS});`;
  return `<script>(function () {${body}\n})();</script>`;
}
