import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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
 * Fixed-window budgets of new renders per API key and per client address (rate-limiter-flexible's
 * in-memory limiter: a record lives one window, so memory follows the callers of the last window).
 * The address is charged first; a key refusal gives the address its render back.
 */
export function createRenderBudget(limits: { perKey: number; perAddress: number }, windowSeconds = TEXT_RENDER_BUDGET_WINDOW_S): RenderBudget {
  const perKey = new RateLimiterMemory({ keyPrefix: 'render-key', points: limits.perKey, duration: windowSeconds });
  const perAddress = new RateLimiterMemory({ keyPrefix: 'render-address', points: limits.perAddress, duration: windowSeconds });
  const spent = (rejection: unknown, whose: string): never => {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw new RenderRefused(429, `Too many new text renders ${whose}; try again later`, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  };
  return {
    async take({ apiKey, address }) {
      await perAddress.consume(address).catch((rejection: unknown) => spent(rejection, 'from this address'));
      await perKey.consume(apiKey).catch(async (rejection: unknown) => {
        await perAddress.reward(address);
        spent(rejection, 'with this API key');
      });
      return {
        refund() {
          void perAddress.reward(address);
          void perKey.reward(apiKey);
        },
      };
    },
  };
}
