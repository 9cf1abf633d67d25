import { escapeHtml, PROVIDER_NAME, type PageHead } from '@loopbox/pages';

export interface HeadMedia {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
}

/** What a served page says about itself in its head, for browsers, search engines and link unfurlers. */
export interface HeadTags extends PageHead {
  /** Absolute; left out on error pages. */
  canonicalUrl?: string | undefined;
  ogType: 'website' | 'video.other' | 'profile';
  image?: (HeadMedia & { alt?: string | undefined }) | undefined;
  /** An mp4 of the GIF (og:video). */
  video?: HeadMedia | undefined;
  /** The embed player, for Twitter's player card. */
  player?: HeadMedia | undefined;
  /** The oEmbed endpoint URL describing this page. */
  oembedHref?: string | undefined;
  /** Error pages ask search engines not to index them. */
  noindex?: boolean | undefined;
}

type Attributes = Record<string, string | number | undefined>;

/** One tag; every attribute value is escaped, so no value can leave its quotes. */
function tag(name: 'meta' | 'link', attributes: Attributes): string {
  const pairs = Object.entries(attributes).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return `<${name} ${pairs.map(([key, value]) => `${key}="${escapeHtml(String(value))}"`).join(' ')}>`;
}

const property = (name: string, content: string | number | undefined) =>
  content === undefined ? '' : tag('meta', { property: name, content });
const named = (name: string, content: string | number | undefined) => (content === undefined ? '' : tag('meta', { name, content }));

/**
 * The head tags of a served page: title, description, canonical URL, Open Graph, Twitter card and
 * the oEmbed discovery link. Every value is escaped here; callers pass plain text.
 */
export function renderHeadTags(head: HeadTags): string {
  const card = head.player ? 'player' : head.image ? 'summary_large_image' : 'summary';
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    named('description', head.description),
    head.noindex ? named('robots', 'noindex') : '',
    head.canonicalUrl ? tag('link', { rel: 'canonical', href: head.canonicalUrl }) : '',
    property('og:site_name', PROVIDER_NAME),
    property('og:type', head.ogType),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.canonicalUrl),
    property('og:image', head.image?.url),
    property('og:image:width', head.image?.width),
    property('og:image:height', head.image?.height),
    property('og:image:alt', head.image?.alt),
    property('og:video', head.video?.url),
    head.video ? property('og:video:type', 'video/mp4') : '',
    property('og:video:width', head.video?.width),
    property('og:video:height', head.video?.height),
    named('twitter:card', card),
    named('twitter:title', head.title),
    named('twitter:description', head.description),
    named('twitter:image', head.image?.url),
    named('twitter:player', head.player?.url),
    named('twitter:player:width', head.player?.width),
    named('twitter:player:height', head.player?.height),
    head.oembedHref ? tag('link', { rel: 'alternate', type: 'application/json+oembed', href: head.oembedHref }) : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}
