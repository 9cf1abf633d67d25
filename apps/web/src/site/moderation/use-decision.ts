import type { Decision } from '@loopbox/pages';
import { useState } from 'react';
import { useToast } from '../../ui/Toast.tsx';
import { decide, type Decided } from './moderation-api.ts';

/** What a decision sends when the moderator wrote no reason (a shortcut pressed at once). */
const defaultReason = (action: Decision) => `${action} from the staff console`;

/**
 * One decision at a time on a GIF and its reason, for the queue and the search panel: `run` posts it,
 * says what happened in a toast (the decided GIF may leave the list), and answers the server's
 * verdict, or undefined when it failed.
 */
export function useDecision() {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function run(id: string, title: string, action: Decision, rating?: string): Promise<Decided | undefined> {
    setBusy(true);
    try {
      const answer = await decide(id, { action, reason: reason.trim() || defaultReason(action), ...(rating ? { rating } : {}) });
      toast(
        `${title || id}: ${action === 'rate' ? `rated ${answer.rating}` : `${action} done`} (now ${answer.is_removed ? 'removed' : answer.state}).`,
      );
      setReason('');
      return answer;
    } catch (error) {
      toast(`${title || id}: ${(error as Error).message}`, 'error');
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { reason, setReason, busy, run };
}
