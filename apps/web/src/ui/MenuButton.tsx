import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './Button.tsx';

/**
 * A button that shows and hides a panel of links and actions (the disclosure pattern, which suits
 * navigation better than an ARIA menu). The panel closes on Escape (focus back on the button), on a
 * click or tap outside, and when anything in it is chosen.
 */
export function MenuButton({
  label,
  icon,
  variant = 'icon',
  className,
  panelClassName,
  children,
}: {
  label: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  className?: string;
  /** Added to the panel's `lb-menu` (a screen's own placement or width). */
  panelClassName?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);
  return (
    <div ref={root} className={['lb-menu-button', className].filter(Boolean).join(' ')}>
      <button
        ref={button}
        type="button"
        className={buttonClass({ variant })}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={variant === 'icon' ? label : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {icon}
        {variant !== 'icon' && label}
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegated close when a link or button inside is chosen; those fire click on Enter and Space too, and Escape is handled on the document */}
      <div
        id={panelId}
        className={['lb-menu', panelClassName].filter(Boolean).join(' ')}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, button')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
