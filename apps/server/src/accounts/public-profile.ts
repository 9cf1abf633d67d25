import { Hono } from 'hono';
import { z } from 'zod';
import { findPublicProfile, type ProfileRow } from '../content/profiles.ts';
import type { ApiDeps } from '../public-api/context.ts';
import { linksOf, mediaUrl, type LinkBase } from '../http/origin.ts';
import { ApiError } from '../http/envelope.ts';
import { parse } from '../http/parse.ts';
import { username } from './fields.ts';
import { describe } from '../openapi/describe.ts';

const ProfilePath = z.object({ username });

/** The public fields of a profile, named as the public API names a GIF's user (never the user's id). */
export function presentProfile(profile: ProfileRow, links: LinkBase) {
  const media = (file: string | null) => (file ? mediaUrl(links, file) : '');
  return {
    username: profile.username,
    display_name: profile.display_name,
    attribution_display_name: profile.attribution_display_name || profile.display_name,
    description: profile.description,
    avatar_url: media(profile.avatar),
    banner_url: media(profile.banner),
    profile_url: `${links.origin}/${profile.username}`,
    website_url: profile.website_url,
    user_type: profile.user_type,
    is_public: true,
    is_verified: profile.is_verified,
    suppress_chrome: profile.suppress_chrome,
  };
}

/**
 * GET /api/v1/profiles/{username}/: a public profile for the site's profile page (`/{username}`),
 * `{data: profile}`. An unknown or hidden user is a 404, the same answer for both.
 */
export function publicProfileRoutes(deps: ApiDeps) {
  const app = new Hono();
  app.get(
    '/api/v1/profiles/:username/',
    describe({
      tag: 'site',
      summary: 'A public profile',
      description: 'An unknown or hidden user is a 404.',
      access: 'anyone',
      params: ProfilePath,
    }),
    async (c) => {
      const { username } = parse(ProfilePath, c.req.param());
      const profile = await findPublicProfile(deps.db, username);
      if (!profile) throw new ApiError(404, `No public profile ${username}`);
      return c.json({ data: presentProfile(profile, linksOf(c, deps)) });
    },
  );
  return app;
}
