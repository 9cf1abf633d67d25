import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link } from 'wouter';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet' | 'icon';

interface Look {
  variant?: ButtonVariant;
  small?: boolean;
}

/** The classes of a button's look, for the rare element that is neither a button nor a link (a label). */
export function buttonClass({ variant = 'secondary', small }: Look, extra?: string): string {
  return ['lb-button', variant !== 'secondary' && `lb-button--${variant}`, small && 'lb-button--small', extra].filter(Boolean).join(' ');
}

/** A button. An icon button needs an `aria-label`: its only content is the icon. */
export function Button({ variant, small, className, type = 'button', ...props }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, small }, className)} {...props} />;
}

/** A link in a button's look: it goes somewhere (a page of the site, or `external` for a new document). */
export function ButtonLink({
  variant,
  small,
  className,
  href,
  external,
  ...props
}: Look & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; external?: boolean }) {
  const classes = buttonClass({ variant, small }, className);
  return external ? <a href={href} className={classes} {...props} /> : <Link href={href} className={classes} {...props} />;
}
