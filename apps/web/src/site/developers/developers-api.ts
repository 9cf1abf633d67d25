import { callBackend } from '../../shared/backend.ts';

/** The developer dashboard's calls (README, Developer keys), through the site's one backend client. */

export type Platform = 'web' | 'ios' | 'android' | 'other';
export type Tier = 'beta' | 'production';
export type KeyState = 'active' | 'expiring' | 'expired' | 'revoked';

export interface DeveloperKey {
  id: string;
  key: string;
  tier: Tier;
  calls_per_hour: number | null;
  state: KeyState;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface ProductionRequest {
  id: string;
  note: string;
  created_at: string;
  decision: 'approved' | 'refused' | null;
  decision_note: string;
  decided_at: string | null;
}

export interface DeveloperApp {
  id: string;
  name: string;
  description: string;
  platform: Platform;
  tier: Tier;
  created_at: string;
  keys: DeveloperKey[];
  production_request: ProductionRequest | null;
}

export interface KeyUsage {
  key_id: string;
  daily: { day: string; api: string; calls: number }[];
  endpoints: { api: string; endpoint: string; calls: number }[];
  errors: { api: string; status: number; calls: number }[];
  rate_limited: number;
  pingbacks: { day: string; api: string; action: string; count: number }[];
}

export interface AppUsage {
  from: string;
  to: string;
  keys: KeyUsage[];
}

export interface OpenRequest {
  id: string;
  app_id: string;
  app_name: string;
  app_description: string;
  platform: Platform;
  owner: string;
  note: string;
  created_at: string;
}

const data = async <T>(answer: Promise<{ data: T }>) => (await answer).data;

export const listApps = () => data(callBackend<{ data: DeveloperApp[] }>('GET', '/api/v1/developer/apps/'));
export const createApp = (input: { name: string; description: string; platform: Platform }) =>
  data(callBackend<{ data: DeveloperApp }>('POST', '/api/v1/developer/apps/', { json: input }));
export const askForProduction = (appId: string, note: string) =>
  callBackend('POST', `/api/v1/developer/apps/${appId}/production/`, { json: { note } });
export const rotateKey = (appId: string, graceSeconds: number) =>
  callBackend('POST', `/api/v1/developer/apps/${appId}/rotate/`, { json: { grace_seconds: graceSeconds } });
export const revokeKey = (keyId: string) => callBackend('DELETE', `/api/v1/developer/keys/${keyId}/`);
export const appUsage = (appId: string, days: number) =>
  data(callBackend<{ data: AppUsage }>('GET', `/api/v1/developer/apps/${appId}/usage/?days=${days}`));
export const openRequests = () => data(callBackend<{ data: OpenRequest[] }>('GET', '/api/v1/developer/production-requests/'));
export const decide = (requestId: string, decision: 'approved' | 'refused', note: string) =>
  callBackend('POST', `/api/v1/developer/production-requests/${requestId}/`, { json: { decision, note } });
