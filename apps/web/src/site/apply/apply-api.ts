import type { Application } from '@loopbox/contract/verified-channels';
import { backendData } from '../../shared/backend.ts';

/** An application for a verified channel as its applicant reads it (`GET /api/v1/applications/mine/`): the contract's type. */
export type { Application } from '@loopbox/contract/verified-channels';

export interface ApplicationInput {
  name: string;
  links: string[];
  examples: string[];
  why: string;
}

export const fetchMyApplication = () => backendData<Application | null>('GET', '/api/v1/applications/mine/');
export const submitApplication = (input: ApplicationInput) => backendData<Application>('POST', '/api/v1/applications/', { json: input });

/** The lines of a text area that hold something: one link or example a line. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
