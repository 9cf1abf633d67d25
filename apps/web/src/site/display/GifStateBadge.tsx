import './gif-state.css';
import { GIF_STATE_LABELS, gifStateTone, type GifState } from './gif-state.ts';

/** A GIF's state as a small badge ("Private", "Waiting for review"…). */
export function GifStateBadge({ state }: { state: GifState }) {
  return <span className={`lb-state-badge lb-state-badge--${gifStateTone(state)}`}>{GIF_STATE_LABELS[state]}</span>;
}
