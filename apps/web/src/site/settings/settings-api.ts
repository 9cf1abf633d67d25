import { backendData, type BackendCall } from '../../shared/backend.ts';
import { formatDateTime } from '../../ui/format.ts';

export const SOCIAL_NETWORKS = ['instagram', 'tiktok', 'youtube', 'twitter', 'tumblr'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The private profile GET and PATCH /api/v1/users/{id}/ answer to the user themself. */
export interface OwnProfile {
  id: number;
  username: string;
  display_name: string;
  description: string;
  avatar_url: string;
  website_url: string;
  social_links: Partial<Record<SocialNetwork, string>>;
  email: string | null;
  email_verified: boolean;
  /** Set by a PATCH that asked for a new address: it changes once confirmed. */
  email_change_pending?: string;
}

export interface SessionListing {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  address: string | null;
  user_agent: string | null;
  current: boolean;
}

export interface TokenListing {
  id: string;
  label: string;
  scope: string;
  hint: string;
  created_at: string;
  last_used_at: string | null;
}

const userPath = (id: number) => `/api/v1/users/${id}/`;

export const fetchProfile = (id: number) => backendData<OwnProfile>('GET', userPath(id));
export const patchProfile = (id: number, call: BackendCall) => backendData<OwnProfile>('PATCH', userPath(id), call);
export const fetchSessions = () => backendData<SessionListing[]>('GET', '/api/v1/sessions/');
export const fetchTokens = () => backendData<TokenListing[]>('GET', '/api/v1/tokens/');

/** A date and time as the visitor's browser writes them. */
export const when = (iso: string) => formatDateTime(iso);
