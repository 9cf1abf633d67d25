import type { Principal } from '../auth/principal.ts';

/** Who a report is from, for deduplication: the signed-in user, else the client address. */
export function reporterKey(principal: Principal, address: string): string {
  return principal.kind === 'user' ? `user:${principal.userId}` : `address:${address}`;
}
