import { Hono } from 'hono';
import { z } from 'zod';
import { findPublicProfile, type ProfileRow } from '../content/profiles.ts';
import type { ApiDeps } from '../public-api/context.ts';
import { linksOf, type LinkBase } from '../http/origin.ts';
import { presentUser } from '../public-api/present.ts';
import { ApiError } from '../http/envelope.ts';
import { parse } from '../http/parse.ts';
import { username } from './fields.ts';
import { describe } from '../openapi/describe.ts';
import { profilePath } from '@loopbox/pages';
import { PublicProfile, PublicProfileAnswer } from '@loopbox/contract/accounts';
import type { Built } from '@loopbox/contract/common';

const ProfilePath = z.object({ username });

/** The user-object fields a public profile shows, as the contract names them. */
const PROFILE_FIELDS = Object.keys(PublicProfile.shape) as (keyof Built<typeof PublicProfile>)[];

/**
 * A public profile: the user object's public fields (never the user's id) with the site's canonical
 * profile link, where GIPHY's user object has its own form with a trailing slash.
 */
export function presentProfile(profile: ProfileRow, links: LinkBase): Built<typeof PublicProfile> {
  const user = presentUser(profile, links);
  const shown = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user[field]])) as Built<typeof PublicProfile>;
  return { ...shown, is_public: true, profile_url: `${links.origin}${profilePath(profile.username)}` };
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
      response: PublicProfileAnswer,
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
