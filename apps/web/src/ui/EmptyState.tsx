import type { ReactNode } from 'react';

/** What a list says when it has nothing in it: what is missing, and what to do about it. */
export function EmptyState({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="lb-empty">
      <h2 className="lb-empty__title">{title}</h2>
      {children && <p className="lb-empty__body">{children}</p>}
      {action}
    </div>
  );
}
