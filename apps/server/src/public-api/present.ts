import { mediaUrl, type LinkBase } from '../http/origin.ts';
import type { GifRow, UserRow } from '../content/gif-row.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import type { StoredImages, StoredRendition } from '../store/schema.ts';
import type { User, UserType } from '@loopbox/contract/accounts';
import type { Built } from '@loopbox/contract/common';

/** What a presenter needs beyond the row: where links point and which response shows it. */
export interface PresentContext extends LinkBase {
  responseId: string;
  /** GIPHY's analytics event type for the listing, e.g. GIF_SEARCH, GIF_TRENDING, GIF_RELATED. */
  eventType: string;
  signPayload: PayloadSigner['sign'];
}

type WireRendition = Record<string, string>;

const NEVER = '0000-00-00 00:00:00';
const wireDate = (d: Date | string | null): string => (d ? new Date(d).toISOString().slice(0, 19).replace('T', ' ') : NEVER);
const bit = (b: boolean): number => (b ? 1 : 0);

/** Turns a stored GIF into GIPHY's wire object: numbers as strings, flags as 0/1, absolute media URLs. */
export function presentGif(row: GifRow, ctx: PresentContext): Record<string, unknown> {
  const media = (file: string) => mediaUrl(ctx, `${row.id}/${file}`);
  const isSticker = row.type === 'sticker' || row.type === 'emoji' || row.type === 'text';
  const gif: Record<string, unknown> = {
    type: row.type,
    id: row.id,
    url: `${ctx.origin}/gifs/${row.slug}`,
    slug: row.slug,
    bitly_gif_url: `${ctx.origin}/gifs/${row.id}`,
    bitly_url: `${ctx.origin}/gifs/${row.id}`,
    embed_url: `${ctx.origin}/embed/${row.id}`,
    username: row.user?.username ?? '',
    source: row.source,
    title: row.title,
    alt_text: row.alt_text,
    rating: row.rating,
    content_url: '',
    tags: row.tags,
    featured_tags: row.featured_tags,
    user_tags: [],
    source_tld: sourceTld(row.source),
    source_post_url: row.source,
    is_hidden: bit(row.is_hidden),
    is_removed: bit(row.is_removed),
    is_community: bit(row.is_community),
    is_anonymous: bit(row.is_anonymous),
    is_featured: bit(row.is_featured),
    is_realtime: bit(row.is_realtime),
    is_indexable: bit(row.is_indexable),
    is_preserve_size: bit(row.is_preserve_size),
    is_dynamic: bit(row.is_dynamic),
    is_sticker: bit(isSticker),
    import_datetime: wireDate(row.import_datetime),
    trending_datetime: wireDate(row.trending_datetime),
    create_datetime: wireDate(row.create_datetime),
    update_datetime: wireDate(row.update_datetime),
    images: presentImages(row.images, media),
    analytics_response_payload: analyticsPayload(row.id, ctx),
  };
  gif.analytics = analyticsUrls(ctx.origin, gif.analytics_response_payload as string);
  if (row.user) gif.user = presentUser(row.user, ctx);
  if (row.video) {
    gif.video = {
      duration: row.video.duration,
      assets: Object.fromEntries(
        Object.entries(row.video.assets).map(([k, a]) => [k, { url: media(a.file), width: String(a.width), height: String(a.height) }]),
      ),
      captions: [],
      description: row.title,
    };
  }
  if (row.external_media) gif.external_media = row.external_media;
  if (row.source_gif) gif.source_gif = row.source_gif;
  if (row.cta) gif.cta = row.cta;
  if (row.emoji_group_id !== null) {
    gif.emoji_group_id = row.emoji_group_id;
    gif.variation = row.variation;
  }
  return gif;
}

/** GIPHY's opaque payload, naming the GIF, the event type and the response, signed (payload-signing/). */
export function analyticsPayload(gifId: string, ctx: Pick<PresentContext, 'responseId' | 'eventType' | 'signPayload'>): string {
  return ctx.signPayload({ gifId, eventType: ctx.eventType, responseId: ctx.responseId });
}

/** GIPHY's action-register actions of the `analytics` object: which URL an app calls when a GIF is shown, clicked or sent. */
const ACTION_URLS = { onload: 'SEEN', onclick: 'CLICK', onsent: 'SENT' } as const;

/**
 * GIPHY's `analytics` object: for each action, the URL (`GET /v2/pingback_simple`, public-api/pingback-simple.ts)
 * that registers it with this GIF's signed payload; the app adds `random_id` and `ts`.
 */
export function analyticsUrls(origin: string, payload: string): Record<keyof typeof ACTION_URLS, { url: string }> {
  const base = `${origin}/v2/pingback_simple?analytics_response_payload=${encodeURIComponent(payload)}&action_type=`;
  return {
    onload: { url: `${base}${ACTION_URLS.onload}` },
    onclick: { url: `${base}${ACTION_URLS.onclick}` },
    onsent: { url: `${base}${ACTION_URLS.onsent}` },
  };
}

/**
 * The full GIPHY rendition map. Renditions GIPHY derives separately but which are identical at our
 * sizes (downsized, previews, downsampled) point at the same files, as GIPHY itself does for small GIFs.
 */
export function presentImages(images: StoredImages, media: (file: string) => string): Record<string, WireRendition> {
  const r = (name: string): StoredRendition | undefined => images[name];
  const dims = (x: StoredRendition) => ({ height: String(x.height), width: String(x.width) });
  const gifOf = (x: StoredRendition): WireRendition => (x.gif ? { size: String(x.gif.size), url: media(x.gif.file) } : {});
  const mp4Of = (x: StoredRendition): WireRendition => (x.mp4 ? { mp4_size: String(x.mp4.size), mp4: media(x.mp4.file) } : {});
  const webpOf = (x: StoredRendition): WireRendition => (x.webp ? { webp_size: String(x.webp.size), webp: media(x.webp.file) } : {});
  const stillOf = (x: StoredRendition): WireRendition | undefined =>
    x.still ? { ...dims(x), size: String(x.still.size), url: media(x.still.file) } : undefined;
  const full = (x: StoredRendition): WireRendition => ({ ...dims(x), ...gifOf(x), ...mp4Of(x), ...webpOf(x) });

  const out: Record<string, WireRendition> = {};
  const put = (name: string, value: WireRendition | undefined) => {
    if (value) out[name] = value;
  };
  const original = r('original');
  if (original) {
    put('original', {
      ...full(original),
      ...(original.frames ? { frames: String(original.frames) } : {}),
      ...(original.hash ? { hash: original.hash } : {}),
    });
    for (const alias of ['downsized', 'downsized_large', 'downsized_medium']) put(alias, { ...dims(original), ...gifOf(original) });
    put('original_still', stillOf(original));
    put('downsized_still', stillOf(original));
    if (original.mp4) {
      put('original_mp4', { ...dims(original), ...mp4Of(original) });
      put('downsized_small', { ...dims(original), ...mp4Of(original) });
      put('looping', mp4Of(original));
    }
  }
  for (const name of ['fixed_height', 'fixed_width', 'fixed_height_small', 'fixed_width_small']) {
    const x = r(name);
    if (!x) continue;
    put(name, full(x));
    put(`${name}_still`, stillOf(x));
  }
  for (const name of ['fixed_height', 'fixed_width']) {
    const x = r(name);
    if (x) put(`${name}_downsampled`, { ...dims(x), ...gifOf(x), ...webpOf(x) });
  }
  const preview = r('fixed_width_small');
  if (preview) {
    if (preview.mp4) put('preview', { ...dims(preview), ...mp4Of(preview) });
    put('preview_gif', { ...dims(preview), ...gifOf(preview) });
    if (preview.webp) put('preview_webp', { ...dims(preview), size: String(preview.webp.size), url: media(preview.webp.file) });
  }
  const hd = r('hd');
  if (hd?.mp4) put('hd', { ...dims(hd), ...mp4Of(hd) });
  const still480 = r('480w_still');
  if (still480?.still) put('480w_still', { ...dims(still480), size: String(still480.still.size), url: media(still480.still.file) });
  return out;
}

/** GIPHY's user object (the contract's `User`): every GIF's author, artists, studios, profiles. */
export function presentUser(user: UserRow, links: LinkBase): Built<typeof User> {
  const { origin } = links;
  const avatar = user.avatar ? mediaUrl(links, user.avatar) : '';
  const banner = user.banner ? mediaUrl(links, user.banner) : '';
  return {
    id: user.id,
    avatar_url: avatar,
    avatar,
    banner_image: banner,
    banner_url: banner,
    profile_url: `${origin}/${user.username}/`,
    username: user.username,
    display_name: user.display_name,
    attribution_display_name: user.attribution_display_name || user.display_name,
    name: user.display_name,
    description: user.description,
    suppress_chrome: user.suppress_chrome,
    // The column's CHECK holds it to USER_TYPES.
    user_type: user.user_type as UserType,
    is_public: user.is_public,
    is_staff: user.is_staff,
    is_superuser: false,
    is_verified: user.is_verified,
    website_url: user.website_url,
    website_display_url: user.website_url.replace(/^https?:\/\//, ''),
  };
}

function sourceTld(source: string): string {
  try {
    return source ? new URL(source).hostname : '';
  } catch {
    return '';
  }
}
