import { scriptJson } from '../script-json.ts';

/** The longest the app's code waits for the served screen's urgent media. */
export const APP_START_MAX_WAIT_MS = 3000;
/** A `<template>` of the served screen whose media wait for the urgent ones (first-screen-html.ts). */
export const AFTER_URGENT_MEDIA_CLASS = 'lb-ssr-later';

/**
 * An inline script that, once the served screen's urgent media (`img[fetchpriority=high]`) have
 * loaded or failed (at most APP_START_MAX_WAIT_MS after it runs), puts the screen's other media in
 * place (its AFTER_URGENT_MEDIA_CLASS templates) and, a frame later, starts the app's code (its
 * entry modules and their modulepreloads). On a slow link the app's scripts would otherwise
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
  document.querySelectorAll('#root template.${AFTER_URGENT_MEDIA_CLASS}').forEach(function (t) { t.replaceWith(t.content); });
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
