import { useCallback, useEffect, useRef, type SyntheticEvent } from 'react';
import { HOVER_REPORT_DELAY_MS } from '../constants.ts';

/**
 * Mouse-enter and mouse-leave handlers that call `onHover` once the pointer has stayed for
 * HOVER_REPORT_DELAY_MS; leaving or unmounting first cancels it.
 */
export function useHoverReport(
  onHover: (event: SyntheticEvent<HTMLElement>) => void,
  onUnhover: (event: SyntheticEvent<HTMLElement>) => void,
) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);
  return {
    onMouseEnter(event: SyntheticEvent<HTMLElement>) {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        onHover(event);
      }, HOVER_REPORT_DELAY_MS);
    },
    onMouseLeave(event: SyntheticEvent<HTMLElement>) {
      cancel();
      onUnhover(event);
    },
  };
}
