import { GIF_REPORT_REASONS, NOTE_MAX } from '@loopbox/pages';
import { useId, useRef, useState, type FormEvent } from 'react';
import { callBackend } from '../../shared/backend.ts';

/** The report form's words for each reason the server takes. */
const REASON_LABEL: Record<(typeof GIF_REPORT_REASONS)[number], string> = {
  sexual: 'Sexual content',
  violence: 'Violence or gore',
  hate: 'Hate',
  harassment: 'Harassment or bullying',
  self_harm: 'Self-harm',
  illegal: 'Illegal content',
  copyright: 'Copyright infringement',
  spam: 'Spam',
  other: 'Something else',
};

/**
 * "Report this GIF": a native dialog with the reasons and a note, sent to
 * `POST /ajax/gif/{id}/report/` (anyone may report; one open report per reporter, so a repeat is
 * thanked the same way). The moderators see it in the staff console's review queue.
 */
export function ReportButton({ gifId, kind }: { gifId: string; kind: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [state, setState] = useState<{ phase: 'form' | 'sending' | 'sent' } | { phase: 'failed'; message: string }>({ phase: 'form' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    setState({ phase: 'sending' });
    try {
      await callBackend('POST', `/ajax/gif/${encodeURIComponent(gifId)}/report/`, { json: { reason: form.get('reason'), ...(note ? { note } : {}) } });
      setState({ phase: 'sent' });
    } catch (error) {
      setState({ phase: 'failed', message: (error as Error).message });
    }
  }
  const open = () => {
    setState({ phase: 'form' });
    dialog.current?.showModal();
  };

  return (
    <>
      <button type="button" className="lb-button lb-button--quiet lb-report" onClick={open}>
        Report this {kind}
      </button>
      <dialog ref={dialog} className="lb-dialog" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Report this {kind}</h2>
        {state.phase === 'sent' ? (
          <>
            <p role="status">Thank you: the moderators will look at this {kind}.</p>
            <form method="dialog">
              <button type="submit" className="lb-button lb-button--primary">
                Close
              </button>
            </form>
          </>
        ) : (
          <form className="lb-report-form" onSubmit={(e) => void submit(e)}>
            <fieldset>
              <legend>What is wrong with it?</legend>
              {GIF_REPORT_REASONS.map((reason) => (
                <label key={reason}>
                  <input type="radio" name="reason" value={reason} required /> {REASON_LABEL[reason]}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`${id}-note`}>Anything the moderators should know (optional)</label>
            <textarea id={`${id}-note`} name="note" rows={3} maxLength={NOTE_MAX} />
            {state.phase === 'failed' && <p role="alert">The report was not sent: {state.message}</p>}
            <p className="lb-report-form__buttons">
              <button type="submit" className="lb-button lb-button--primary" disabled={state.phase === 'sending'}>
                Send report
              </button>
              <button type="button" className="lb-button" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
            </p>
          </form>
        )}
      </dialog>
    </>
  );
}
