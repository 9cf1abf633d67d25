import { useId, useRef } from 'react';

/**
 * The entry point for reporting a GIF. Reports are not collected yet (the moderation work wires
 * them): the dialog says so plainly rather than pretending to send anything.
 */
export function ReportButton({ kind }: { kind: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  return (
    <>
      <button type="button" className="lb-button lb-button--quiet lb-report" onClick={() => dialog.current?.showModal()}>
        Report this {kind}
      </button>
      <dialog ref={dialog} className="lb-dialog" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Report this {kind}</h2>
        <p>Reporting is not open yet on this Loopbox. Until it is, tell the people who run this site about the {kind} and its address.</p>
        <form method="dialog">
          <button type="submit" className="lb-button lb-button--primary">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
