import type { Context } from 'hono';

/** What links are made from: PUBLIC_URL (else the request's own origin) and MEDIA_PUBLIC_URL. */
export interface OriginSettings {
  publicUrl?: string | undefined;
  mediaPublicUrl?: string | undefined;
}

/** Where an answer's links point: pages on this server, media files under `mediaBase`. */
export interface LinkBase {
  origin: string;
  /** Where media URLs start (MEDIA_PUBLIC_URL); `{origin}/media` when absent. */
  mediaBase?: string | undefined;
}

/** A media key's URL (`{id}/{file}`, `avatars/…`, `channels/…`): under MEDIA_PUBLIC_URL when set, else this server's `/media`. */
export const mediaUrl = (links: LinkBase, key: string): string => `${links.mediaBase ?? `${links.origin}/media`}/${key}`;

/** Where an answer's links point: this server's origin for pages, MEDIA_PUBLIC_URL (when set) for media. */
export function linksOf(c: Context, deps: OriginSettings): LinkBase {
  return { origin: originOf(c, deps), mediaBase: deps.mediaPublicUrl };
}

export function originOf(c: Context, deps: Pick<OriginSettings, 'publicUrl'>): string {
  if (deps.publicUrl) return deps.publicUrl;
  const forwardedHost = c.req.header('x-forwarded-host');
  const url = new URL(c.req.url);
  if (forwardedHost) return `${c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', '')}://${forwardedHost}`;
  return url.origin;
}
