import type { HTMLAttributes, ReactNode } from 'react';

/** A raised panel on the page; with a `title`, a section named by it. */
export function Card({ title, children, className, ...rest }: { title?: ReactNode; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const classes = ['lb-card', className].filter(Boolean).join(' ');
  if (!title)
    return (
      <div className={classes} {...rest}>
        {children}
      </div>
    );
  return (
    <section className={classes} {...rest}>
      <h2 className="lb-card__title">{title}</h2>
      {children}
    </section>
  );
}
