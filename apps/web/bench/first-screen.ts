import type { Page } from 'playwright-core';

/** One image or video the page shows in its first viewport, where it shows it. */
export interface FirstScreenMedia {
  tag: 'img' | 'video';
  src: string;
  poster: string;
  /** The video's playback attributes as the page set them (autoplay, muted, loop, playsinline, preload). */
  attributes: string;
  objectFit: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every <img> and <video> in the first viewport once the page has settled: the file it shows
 * (currentSrc, so the srcset or <source> choice), its poster and its box. Data URIs (placeholders)
 * are left out. Runs unthrottled, at the viewport the timed loads use.
 */
export async function captureFirstScreen(
  page: Page,
  url: string,
  settleTimeoutMs: number,
): Promise<{ media: FirstScreenMedia[]; background: string }> {
  await page.goto(url);
  await page.waitForLoadState('networkidle', { timeout: settleTimeoutMs }).catch(() => {});
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLImageElement | HTMLVideoElement>('img, video')].every((element) => {
          const box = element.getBoundingClientRect();
          if (box.bottom <= 0 || box.top >= innerHeight || box.width === 0) return true;
          return element instanceof HTMLVideoElement ? element.readyState >= 2 || !element.currentSrc : element.complete;
        }),
      undefined,
      { timeout: settleTimeoutMs, polling: 100 },
    )
    .catch(() => {});
  return page.evaluate(() => {
    const media = [...document.querySelectorAll<HTMLImageElement | HTMLVideoElement>('img, video')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0 && box.height > 0;
      const isVideo = element instanceof HTMLVideoElement;
      const src = element.currentSrc;
      const poster = isVideo ? element.poster : '';
      if (!inView || (!src && !poster) || src.startsWith('data:')) return [];
      if (!isVideo && !(element.complete && element.naturalWidth > 0)) return [];
      const attributes = isVideo
        ? ['autoplay', 'muted', 'loop', 'playsinline', 'preload']
            .filter((name) => element.hasAttribute(name) || (name === 'muted' && element.muted))
            .map((name) => (name === 'preload' ? `preload="${element.preload}"` : name))
            .join(' ')
        : '';
      return [
        {
          tag: isVideo ? ('video' as const) : ('img' as const),
          src,
          poster,
          attributes,
          objectFit: getComputedStyle(element).objectFit,
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
        },
      ];
    });
    return { media, background: getComputedStyle(document.body).backgroundColor };
  });
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The static reference page: the same files at the same places, absolutely positioned, no script. */
export function staticFirstScreen(media: FirstScreenMedia[], background: string): string {
  const tags = media.map((m) => {
    const style = `position:absolute;left:${m.x}px;top:${m.y}px;width:${m.width}px;height:${m.height}px;object-fit:${m.objectFit}`;
    if (m.tag === 'img') return `<img src="${escapeAttribute(m.src)}" style="${style}" alt="">`;
    const poster = m.poster ? ` poster="${escapeAttribute(m.poster)}"` : '';
    const src = m.src ? ` src="${escapeAttribute(m.src)}"` : '';
    return `<video${src}${poster} ${m.attributes} style="${style}"></video>`;
  });
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>reference</title></head><body style="margin:0;background:${background}">${tags.join('')}</body></html>`;
}
