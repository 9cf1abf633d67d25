import { channelPath } from '@loopbox/pages';
import { analyticsPayload, presentGif, presentUser, type PresentContext } from '../public-api/present.ts';
import { mediaUrl } from '../http/origin.ts';
import type { ChannelView } from './view.ts';

const wireDate = (d: Date | string) => new Date(d).toISOString();

/**
 * A channel as GIPHY's channel objects read (the public API's channels/search fixture): its ranked
 * tags as `tags` ({id, channel, tag, rank}) and its magic tags as `syncable_tags`, plus `flush_uuid`
 * (new whenever what the channel shows changes), `avatar_image` and the owner's id.
 */
export function presentChannel(ch: ChannelView, ctx: PresentContext, extra: { ancestors?: ChannelView[] } = {}): Record<string, unknown> {
  const media = (file: string | null) => (file ? mediaUrl(ctx, file) : '');
  return {
    id: ch.id,
    url: `${ctx.origin}${channelPath(ch.slug, { shadowed: ch.shadowed })}`,
    display_name: ch.display_name,
    short_display_name: ch.short_display_name || ch.display_name,
    parent: ch.parent_id,
    slug: ch.slug,
    type: ch.type,
    content_type: ch.content_type,
    user_id: ch.user_id,
    ...(ch.user ? { user: presentUser(ch.user, ctx) } : {}),
    banner_image: media(ch.banner),
    avatar_image: media(ch.avatar),
    description: ch.description,
    metadata_description: ch.description,
    has_children: ch.has_children,
    is_visible: ch.is_visible,
    is_private: ch.is_private,
    is_live: ch.is_live,
    position: ch.position,
    flush_uuid: ch.flush_uuid,
    updated_at: wireDate(ch.updated_at),
    featured_gif: ch.featured_gif ? presentGif(ch.featured_gif, ctx) : null,
    tags: ch.ranked_tags.map((t) => ({ id: t.id, channel: ch.id, tag: t.tag, rank: t.rank })),
    syncable_tags: ch.magic_tags.map((t) => ({ id: t.id, channel: ch.id, tag: t.tag })),
    ...(extra.ancestors
      ? {
          ancestors: extra.ancestors.map((a) => ({
            id: a.id,
            slug: a.slug,
            display_name: a.display_name,
            url: `${ctx.origin}${channelPath(a.slug, { shadowed: a.shadowed })}`,
          })),
        }
      : {}),
    analytics_response_payload: analyticsPayload(`channel:${ch.id}`, ctx),
  };
}
