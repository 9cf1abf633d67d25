import type { AppPlatform, AppUsage, DeveloperApp, OpenRequest } from '@loopbox/contract/developers';
import { callBackend } from '../../shared/backend.ts';

/** The developer dashboard's calls (README, Developer keys), through the site's one backend client; answers typed by the contract. */

export type {
  AppPlatform as Platform,
  AppUsage,
  DeveloperApp,
  DeveloperKey,
  KeyState,
  KeyTier as Tier,
  KeyUsage,
  OpenRequest,
} from '@loopbox/contract/developers';
const data = async <T>(answer: Promise<{ data: T }>) => (await answer).data;

export const listApps = () => data(callBackend<{ data: DeveloperApp[] }>('GET', '/api/v1/developer/apps/'));
export const createApp = (input: { name: string; description: string; platform: AppPlatform }) =>
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
