import type { ReactNode } from 'react';

/**
 * A message about what just happened on the screen: an error is announced at once (`alert`), a
 * success politely (`status`).
 */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`lb-alert lb-alert--${tone}`}>
      {children}
    </p>
  );
}
