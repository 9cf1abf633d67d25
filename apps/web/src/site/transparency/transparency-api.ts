import type { TransparencyFigures, TransparencyMonth } from '@loopbox/contract/moderation-transparency';
import { backendData } from '../../shared/backend.ts';

/** `GET /api/v1/transparency/`, its types the contract's. */
export type { TransparencyFigures, TransparencyMonth };

export const fetchTransparency = () => backendData<TransparencyFigures>('GET', '/api/v1/transparency/');
