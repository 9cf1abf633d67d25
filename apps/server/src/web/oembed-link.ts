import type { Context } from 'hono';

/** The oEmbed endpoint's URL for a page: `/oembed?url=<page>&format=json` on the same origin. */
export function oembedHref(origin: string, pageUrl: string): string {
  return `${origin}/oembed?${new URLSearchParams({ url: pageUrl, format: 'json' })}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The oEmbed discovery tag of a GIF page, for its server-rendered head. */
export function oembedDiscoveryTag(origin: string, pagePath: string): string {
  return `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(oembedHref(origin, origin + pagePath))}">`;
}

/** The origin the visitor used: a proxy's forwarded host when there is one, else the request's own. */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const forwardedHost = c.req.header('x-forwarded-host');
  return forwardedHost ? `${c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', '')}://${forwardedHost}` : url.origin;
}
