import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { CloseIcon } from './icons.tsx';

/**
 * A modal dialog on the browser's own `<dialog>`: focus moves in and is trapped, Escape closes it,
 * and focus returns to what opened it. `open` is the caller's state; every way of closing calls `onClose`.
 */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: ReactNode; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes the modal from its backdrop only; the keyboard closes it with Escape (the native dialog's cancel, then onClose) or the Close button
    <dialog
      ref={ref}
      className="lb-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => event.target === ref.current && onClose()}
    >
      <div className="lb-dialog__head">
        <h2 id={titleId} className="lb-dialog__title">
          {title}
        </h2>
        <Button variant="icon" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <div className="lb-dialog__body">{open && children}</div>
    </dialog>
  );
}
