import { MemoryRateLimiter, type RateLimitOutcome } from '@loopbox/edge/rate-limiter';
import { TEXT_RENDER_BUDGET_WINDOW_S } from './constants.ts';
import { RenderRefused } from './render-refused.ts';

/** Who asks for a render: the API key the call carried and the client's address. */
export interface Requester {
  apiKey: string;
  address: string;
}

export interface RenderBudget {
  /** Takes one new render from the requester's key and address budgets; throws RenderRefused (429) when either is spent. */
  take(requester: Requester): Promise<{ refund(): void }>;
}

/**
 * Fixed-window budgets of new renders per API key and per client address, on the edge's bounded
 * limiter. The address is charged first; a key refusal gives the address its render back.
 */
export function createRenderBudget(
  limits: { perKey: number; perAddress: number },
  windowSeconds = TEXT_RENDER_BUDGET_WINDOW_S,
): RenderBudget {
  const perKey = new MemoryRateLimiter(limits.perKey, windowSeconds);
  const perAddress = new MemoryRateLimiter(limits.perAddress, windowSeconds);
  const refuse = (outcome: RateLimitOutcome, whose: string): void => {
    if (!outcome.allowed) throw new RenderRefused(429, `Too many new text renders ${whose}; try again later`, outcome.retryAfterSeconds);
  };
  return {
    async take({ apiKey, address }) {
      refuse(await perAddress.limit(address), 'from this address');
      const byKey = await perKey.limit(apiKey);
      if (!byKey.allowed) perAddress.refund(address);
      refuse(byKey, 'with this API key');
      return {
        refund() {
          perAddress.refund(address);
          perKey.refund(apiKey);
        },
      };
    },
  };
}
