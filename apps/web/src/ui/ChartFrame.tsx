import type { ReactNode } from 'react';

export interface ChartFrameProps {
  /** Prefix of the title and description ids, and the `data-chart` name tests and styles use. */
  id: string;
  title: string;
  /** What the chart shows, in one or two sentences: the chart's accessible description. */
  description: string;
  /** The chart itself; an `<svg role="img">` in it should carry the title as its `aria-label` and point at `${id}-desc`. */
  children: ReactNode;
  /** The same figures as a table, for screen readers and anyone who wants the numbers. */
  table: ReactNode;
}

/** A titled, described chart with its data table in a disclosure. */
export function ChartFrame({ id, title, description, children, table }: ChartFrameProps) {
  return (
    <section className="lb-card lb-chart-frame" data-chart={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lb-card__title">
        {title}
      </h2>
      <p id={`${id}-desc`} className="lb-chart-frame__desc">
        {description}
      </p>
      {children}
      <details className="lb-chart-frame__table">
        <summary>Data table: {title}</summary>
        {table}
      </details>
    </section>
  );
}
