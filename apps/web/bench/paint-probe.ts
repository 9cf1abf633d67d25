import type { Page } from 'playwright-core';

/**
 * What one page load painted, read from the browser's own paint records (not by polling, which under
 * 4x CPU throttling would round each side to its own frame cadence). The same probe runs on our pages
 * and on the static reference pages.
 */
export interface PaintRecord {
  /** Paint time of each first-screen image, video poster or first video frame (ms since navigation). */
  media: number[];
  /** The last Largest Contentful Paint candidate's time, NaN when the page reported none. */
  lcp: number;
  /** Cumulative Layout Shift: every layout-shift entry without recent input, summed. */
  cls: number;
  /** What the last LCP candidate was (tag, file or text, size), to tell what a late LCP waited for. */
  lcpElement: string;
}

/** A GIF tile, not an icon or avatar: what counts as "a GIF painted". */
export const MIN_GIF_SIDE_PX = 64;

/** One media element's first paint and the file it showed. */
interface Painted {
  time: number;
  src: string;
}

declare global {
  interface Window {
    __paintProbe?: { painted: Map<Element, Painted>; lcp: number; lcpElement: string; cls: number };
  }
}

/**
 * Runs in every document before its own scripts: marks each <img> and <video> for Element Timing as
 * it is inserted (so the site needs no bench-only markup), and records element, LCP and layout-shift
 * entries. A video counts as painted at its first presented frame (requestVideoFrameCallback) or its
 * poster's paint, whichever is first.
 */
function installProbe() {
  const probe = { painted: new Map<Element, Painted>(), lcp: Number.NaN, lcpElement: '', cls: 0 };
  window.__paintProbe = probe;
  const note = (element: Element | null, time: number) => {
    if (!(element instanceof HTMLImageElement || element instanceof HTMLVideoElement) || !(time > 0)) return;
    const before = probe.painted.get(element);
    if (before && before.time <= time) return;
    probe.painted.set(element, { time, src: element.currentSrc || (element instanceof HTMLVideoElement ? element.poster : '') });
  };
  const watchVideo = (video: HTMLVideoElement) => {
    video.requestVideoFrameCallback((_now, frame) => note(video, frame.presentationTime));
  };
  const mark = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const element of [node, ...node.querySelectorAll('img, video')]) {
      if (!(element instanceof HTMLImageElement || element instanceof HTMLVideoElement)) continue;
      if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', 'paint-probe');
      if (element instanceof HTMLVideoElement && !element.dataset.paintProbe) {
        element.dataset.paintProbe = 'watched';
        watchVideo(element);
      }
    }
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) mark(node);
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; renderTime: number; loadTime: number })[]) {
      note(entry.element, entry.renderTime || entry.loadTime);
    }
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { element: Element | null; url: string; size: number })[];
    for (const entry of entries) note(entry.element, entry.startTime);
    const last = entries.at(-1);
    if (!last) return;
    probe.lcp = last.startTime;
    const what = last.url ? last.url.split('/').slice(-2).join('/') : `"${(last.element?.textContent ?? '').trim().slice(0, 30)}"`;
    probe.lcpElement = `${last.element?.tagName.toLowerCase() ?? 'removed element'} ${what}, ${last.size} px²`;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) probe.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Installs the probe in every document the page loads from now on. */
export async function addPaintProbe(page: Page): Promise<void> {
  // tsx keeps function names by wrapping them in __name(), which the page does not have.
  await page.addInitScript(`var __name = (fn) => fn; (${installProbe.toString()})()`);
}

/**
 * The first-screen GIFs painted so far: media showing one of `files` (the GIF-sized files of the
 * settled first screen, so a placeholder does not count), one per file at its earliest paint (so
 * markup the client re-creates over the server's, showing the same file, counts when the file first
 * showed). Where a file painted is not checked: a tile painted while content above it still grew
 * counts when it painted, as a person saw it then.
 */
async function readPaints(page: Page, files: string[]): Promise<PaintRecord> {
  return page.evaluate((files) => {
    const probe = window.__paintProbe;
    if (!probe) return { media: [], lcp: Number.NaN, cls: Number.NaN, lcpElement: '' };
    const earliest = new Map<string, number>();
    for (const { time, src } of probe.painted.values()) {
      if (!files.includes(src)) continue;
      earliest.set(src, Math.min(time, earliest.get(src) ?? Number.POSITIVE_INFINITY));
    }
    return { media: [...earliest.values()].sort((a, b) => a - b), lcp: probe.lcp, cls: probe.cls, lcpElement: probe.lcpElement };
  }, files);
}

/**
 * Navigates to `url` and waits until each of the first screen's GIF `files` has painted (or `timeoutMs`), then
 * for the page to settle (`settleMs` with nothing new painted), so a later repaint (hydration
 * replacing the server's markup, a late LCP candidate) is counted.
 */
export async function loadAndRecord(page: Page, url: string, files: string[], timeoutMs: number, settleMs: number): Promise<PaintRecord> {
  await page.goto(url, { waitUntil: 'commit' });
  const deadline = Date.now() + timeoutMs;
  const empty: PaintRecord = { media: [], lcp: Number.NaN, cls: Number.NaN, lcpElement: '' };
  let record = await readPaints(page, files).catch(() => empty);
  while (record.media.length < files.length && Date.now() < deadline) {
    await page.waitForTimeout(100);
    record = await readPaints(page, files).catch(() => record);
  }
  await page.waitForLoadState('load');
  for (;;) {
    await page.waitForTimeout(settleMs);
    const settled = await readPaints(page, files).catch(() => record);
    const same = settled.media.length === record.media.length && settled.lcp === record.lcp && settled.cls === record.cls;
    record = settled;
    if (same || Date.now() > deadline) return record;
  }
}
