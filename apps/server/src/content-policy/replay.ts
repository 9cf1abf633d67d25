import type { Decision } from '@loopbox/pages';
import { afterDecision } from './precedence.ts';
import type { StateColumns, Visibility } from './states.ts';

/** An event of a GIF's stream as the log keeps it. */
export interface GifEvent {
  type: string;
  stream_id: string;
  payload: Record<string, unknown>;
}

const INITIAL: StateColumns = { visibility: 'public', moderation_state: 'none', removal: null };

/** One event's effect on a GIF's state columns (events that do not touch them leave them be). */
function applyEvent(state: StateColumns, event: GifEvent): StateColumns {
  const p = event.payload;
  switch (event.type) {
    case 'gif.created':
      return INITIAL;
    case 'gif.uploaded':
      return {
        visibility: p.visibility as Visibility,
        moderation_state: (p.moderation_state as StateColumns['moderation_state'] | undefined) ?? 'none',
        removal: null,
      };
    case 'gif.updated': {
      const visibility = (p.changes as { visibility?: Visibility } | undefined)?.visibility;
      return visibility ? { ...state, visibility } : state;
    }
    case 'gif.removed':
      return { ...state, removal: 'owner' };
    case 'gif.moderated':
      return afterDecision(state, p.decision as Decision, p.takedown !== undefined);
    default:
      return state;
  }
}

/**
 * Each GIF's state columns as its stream of events (in log order) leaves them: what the log says the
 * table must hold (tests/content-policy/precedence.test.ts compares the two after real changes).
 */
export function replayGifStates(events: Iterable<GifEvent>): Map<string, StateColumns> {
  const states = new Map<string, StateColumns>();
  for (const event of events) states.set(event.stream_id, applyEvent(states.get(event.stream_id) ?? INITIAL, event));
  return states;
}
