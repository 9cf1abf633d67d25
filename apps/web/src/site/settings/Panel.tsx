import type { ReactNode } from 'react';

/** One section of the settings page, reachable from its navigation by `#id`. */
export function Panel({ id, title, lead, children }: { id: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className="lb-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead && <p className="lb-account-page__lead">{lead}</p>}
      {children}
    </section>
  );
}
