import { GifStateBadge } from '../display/GifStateBadge.tsx';
import { gifStateTone, type GifState } from '../display/gif-state.ts';

/** Above a GIF the viewer sees and others do not: its state and why others cannot see it. */
export function StateBanner({ state, notice }: { state: GifState; notice: string }) {
  return (
    <div className={`lb-state-banner lb-state-banner--${gifStateTone(state)}`} role="status">
      <GifStateBadge state={state} />
      <p>{notice}</p>
    </div>
  );
}
