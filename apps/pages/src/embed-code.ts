import { EMBED_FIT_SIZE, PROVIDER_NAME } from './constants.ts';
import { escapeHtml } from './escape.ts';

/** What the embed code needs of a GIF: its embed URL, its page and its original size. */
export interface EmbedCodeSource {
  embedUrl: string;
  pageUrl: string;
  width: number;
  height: number;
}

export interface EmbedCodeOptions {
  /** 100% wide inside a padding-ratio wrapper instead of a fixed size. */
  responsive?: boolean;
}

/**
 * The embed URL as the iframe's source: its own scheme, the one the site is served on (PUBLIC_URL or
 * the request's origin), so an http install's embed loads; only a protocol-relative URL gets https
 * (SPEC 7.7's prefix), as a pasted code has no page scheme of ours to follow.
 */
export function embedSrc(url: string): string {
  return url.replace(/^\/\//, 'https://');
}

/** The size scaled to fit inside `box`×`box`, keeping the aspect ratio. */
export function fitInto(width: number, height: number, box = EMBED_FIT_SIZE): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: box, height: box };
  const scale = Math.min(box / width, box / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The copy-and-paste embed code (SPEC 7.7): the iframe, then a 'via' link to the GIF page. */
export function embedCode(source: EmbedCodeSource, { responsive = false }: EmbedCodeOptions = {}): string {
  const src = escapeHtml(embedSrc(source.embedUrl));
  const via = `<p><a href="${escapeHtml(source.pageUrl)}">via ${PROVIDER_NAME}</a></p>`;
  const { width, height } = fitInto(source.width, source.height);
  if (!responsive) {
    return `<iframe src="${src}" width="${width}" height="${height}" frameBorder="0" class="loopbox-embed" allowFullScreen></iframe>${via}`;
  }
  const ratio = Math.round((height / width) * 100);
  return (
    `<div style="width:100%;height:0;padding-bottom:${ratio}%;position:relative;">` +
    `<iframe src="${src}" width="100%" height="100%" style="position:absolute" frameBorder="0" class="loopbox-embed" allowFullScreen></iframe>` +
    `</div>${via}`
  );
}
