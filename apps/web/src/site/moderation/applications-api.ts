import type { EditedProfile } from '@loopbox/contract/accounts';
import type { ApplicationDecided, OpenApplication } from '@loopbox/contract/verified-channels';
import type { ApplicationDecision, UserFlag } from '@loopbox/pages';
import { backendData } from '../../shared/backend.ts';

/** An open application for a verified channel in staff's queue (`GET /api/v1/applications/`): the contract's type. */
export type { OpenApplication } from '@loopbox/contract/verified-channels';

export const fetchOpenApplications = () => backendData<OpenApplication[]>('GET', '/api/v1/applications/');
export const decideApplication = (id: string, decision: ApplicationDecision, note: string) =>
  backendData<ApplicationDecided>('POST', `/api/v1/applications/${encodeURIComponent(id)}/decision/`, { json: { decision, note } });

/** Staff's flags on a user (`PATCH /api/v1/users/{id}/`), which answers the user's private profile. */
export const setUserFlags = (id: number, flags: Partial<Record<UserFlag, boolean>>) =>
  backendData<EditedProfile>('PATCH', `/api/v1/users/${id}/`, { json: flags });
