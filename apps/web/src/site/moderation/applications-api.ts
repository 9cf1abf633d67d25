import type { ApplicationDecision } from '@loopbox/pages';
import { backendData } from '../../shared/backend.ts';

/** An open application for a verified channel in staff's queue (`GET /api/v1/applications/`). */
export interface OpenApplication {
  id: string;
  name: string;
  links: string[];
  examples: { url: string; gif_id: string | null }[];
  why: string;
  created_at: string;
  applicant: { id: number; username: string; display_name: string; role: string; is_verified: boolean; gif_count: number };
  /** A tile for each example that is this site's GIF, by its id. */
  gifs: Record<string, { id: string; title: string; preview: string }>;
}

export const fetchOpenApplications = () => backendData<OpenApplication[]>('GET', '/api/v1/applications/');
export const decideApplication = (id: string, decision: ApplicationDecision, note: string) =>
  backendData<{ id: string; state: string; role: string; is_verified: boolean }>(
    'POST',
    `/api/v1/applications/${encodeURIComponent(id)}/decision/`,
    { json: { decision, note } },
  );

/** Staff's flags on a user (`PATCH /api/v1/users/{id}/`). */
export const setUserFlags = (id: number, flags: Partial<Record<'is_verified' | 'is_public' | 'suppress_chrome', boolean>>) =>
  backendData<unknown>('PATCH', `/api/v1/users/${id}/`, { json: flags });
