import type { PublicProfile as Profile } from '@loopbox/contract/accounts';

/** A public profile as `GET /api/v1/profiles/{username}/` answers it: the contract's type. */
export type { PublicProfile as Profile } from '@loopbox/contract/accounts';

/** The public profile of a username, or null when there is none (unknown and hidden users alike). */
export async function fetchProfile(username: string): Promise<Profile | null> {
  const response = await fetch(`/api/v1/profiles/${encodeURIComponent(username)}/`, { headers: { Accept: 'application/json' } });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`Profile ${username}: HTTP ${response.status}`);
  return ((await response.json()) as { data: Profile }).data;
}
