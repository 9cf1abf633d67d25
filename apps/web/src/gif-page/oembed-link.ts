/** The oEmbed discovery link of a GIF page: `/oembed?url=<page>&format=json` on the page's origin. */
export function oembedHref(origin: string, pageUrl: string): string {
  return `${origin}/oembed?${new URLSearchParams({ url: pageUrl, format: 'json' })}`;
}

/** Adds `<link rel="alternate" type="application/json+oembed">` to the document head. */
export function advertiseOembed(doc: Document, href: string, title: string): void {
  const link = doc.createElement('link');
  link.rel = 'alternate';
  link.type = 'application/json+oembed';
  link.href = href;
  link.title = title;
  doc.head.append(link);
}
