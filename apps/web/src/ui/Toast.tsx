import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { CloseIcon } from './icons.tsx';

/** How long a toast stays before it leaves by itself (an error stays until dismissed). */
const TOAST_MS = 5000;

type Tone = 'info' | 'error';
interface Toast {
  id: number;
  message: string;
  tone: Tone;
}
type Show = (message: string, tone?: Tone) => void;

const ToastContext = createContext<Show>(() => {});

/** Says what an action did without moving focus: a polite live region, each message dismissible; news leaves after five seconds, an error stays. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<Show>(
    (message, tone = 'info') => {
      next.current += 1;
      const id = next.current;
      setToasts((all) => [...all, { id, message, tone }]);
      if (tone !== 'error') setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="lb-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={toast.tone === 'error' ? 'lb-toast lb-toast--error' : 'lb-toast'}>
            <span>{toast.message}</span>
            <Button variant="icon" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
              <CloseIcon />
            </Button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast: `useToast()('Saved')`. */
export const useToast = (): Show => useContext(ToastContext);
