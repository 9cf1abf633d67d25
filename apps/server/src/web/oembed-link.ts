/** The oEmbed endpoint's URL for a page: `/oembed?url=<page>&format=json` on the same origin. */
export function oembedHref(origin: string, pageUrl: string): string {
  return `${origin}/oembed?${new URLSearchParams({ url: pageUrl, format: 'json' })}`;
}
