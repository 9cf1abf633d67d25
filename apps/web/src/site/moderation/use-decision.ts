import type { Decision } from '@loopbox/pages';
import { useState } from 'react';
import { decide, type DecisionAnswer } from './moderation-api.ts';

/** What a decision sends when the moderator wrote no reason (a shortcut pressed at once). */
const defaultReason = (action: Decision) => `${action} from the staff console`;

/**
 * One decision at a time on a GIF, its reason, and what happened, for the queue and the search
 * panel: `run` posts it and answers the server's verdict, or undefined when it failed (the message
 * says why).
 */
export function useDecision() {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function run(id: string, title: string, action: Decision, rating?: string): Promise<DecisionAnswer | undefined> {
    setBusy(true);
    try {
      const answer = await decide(id, { action, reason: reason.trim() || defaultReason(action), ...(rating ? { rating } : {}) });
      setMessage({ text: `${title || id}: ${action === 'rate' ? `rated ${answer.rating}` : `${action} done`} (now ${answer.is_removed ? 'removed' : answer.state}).`, error: false });
      setReason('');
      return answer;
    } catch (error) {
      setMessage({ text: `${title || id}: ${(error as Error).message}`, error: true });
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { reason, setReason, busy, message, run };
}
