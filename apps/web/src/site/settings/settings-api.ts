import type { EditedProfile, SocialNetwork } from '@loopbox/contract/accounts';
import type { SessionListing } from '@loopbox/contract/sessions';
import type { AccessToken } from '@loopbox/contract/tokens';
import { backendData, type BackendCall } from '../../shared/backend.ts';
import { formatDateTime } from '../../ui/format.ts';

/**
 * The settings page's calls; answers typed by the contract. `OwnProfile`: the private profile GET and
 * PATCH /api/v1/users/{id}/ answer to the user themself (a PATCH that asked for a new address adds
 * `email_change_pending`).
 */
export type { EditedProfile as OwnProfile, SocialNetwork } from '@loopbox/contract/accounts';
export type { SessionListing } from '@loopbox/contract/sessions';
export type { AccessToken as TokenListing, NewAccessToken } from '@loopbox/contract/tokens';

/** The networks the form offers, in its order (the contract's SOCIAL_NETWORKS, which the web app may not import as a value). */
export const SOCIAL_NETWORKS = ['instagram', 'tiktok', 'youtube', 'twitter', 'tumblr'] as const satisfies readonly SocialNetwork[];

const userPath = (id: number) => `/api/v1/users/${id}/`;

export const fetchProfile = (id: number) => backendData<EditedProfile>('GET', userPath(id));
export const patchProfile = (id: number, call: BackendCall) => backendData<EditedProfile>('PATCH', userPath(id), call);
export const fetchSessions = () => backendData<SessionListing[]>('GET', '/api/v1/sessions/');
export const fetchTokens = () => backendData<AccessToken[]>('GET', '/api/v1/tokens/');

/** A date and time as the visitor's browser writes them. */
export const when = (iso: string) => formatDateTime(iso);
