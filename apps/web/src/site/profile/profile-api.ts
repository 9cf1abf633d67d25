import type { IUser } from '@loopbox/sdk';

/** A public profile as `GET /api/v1/profiles/{username}/` answers it (apps/server/src/accounts/public-profile.ts). */
export interface Profile extends IUser {
  username: string;
  display_name: string;
  description: string;
  avatar_url: string;
  website_url: string;
  is_verified: boolean;
}

/** The public profile of a username, or null when there is none (unknown and hidden users alike). */
export async function fetchProfile(username: string): Promise<Profile | null> {
  const response = await fetch(`/api/v1/profiles/${encodeURIComponent(username)}/`, { headers: { Accept: 'application/json' } });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`Profile ${username}: HTTP ${response.status}`);
  return ((await response.json()) as { data: Profile }).data;
}
