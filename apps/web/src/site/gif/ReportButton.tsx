import { GIF_REPORT_REASONS, NOTE_MAX } from '@loopbox/pages';
import { useState, type FormEvent } from 'react';
import { callBackend } from '../../shared/backend.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { RadioGroup, TextAreaField } from '../../ui/Field.tsx';

type Reason = (typeof GIF_REPORT_REASONS)[number];

/** The report form's words for each reason the server takes. */
const REASON_LABEL: Record<Reason, string> = {
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
const REASONS = GIF_REPORT_REASONS.map((value) => ({ value, label: REASON_LABEL[value] }));

/**
 * "Report this GIF": the design system's dialog with the reasons and a note, sent to
 * `POST /ajax/gif/{id}/report/` (anyone may report; one open report per reporter, so a repeat is
 * thanked the same way). The moderators see it in the staff console's review queue.
 */
export function ReportButton({ gifId, kind }: { gifId: string; kind: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ phase: 'form' | 'sending' | 'sent' } | { phase: 'failed'; message: string }>({ phase: 'form' });
  const [reason, setReason] = useState<Reason | undefined>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    setState({ phase: 'sending' });
    try {
      await callBackend('POST', `/ajax/gif/${encodeURIComponent(gifId)}/report/`, { json: { reason, ...(note ? { note } : {}) } });
      setState({ phase: 'sent' });
    } catch (error) {
      setState({ phase: 'failed', message: (error as Error).message });
    }
  }
  const show = () => {
    setState({ phase: 'form' });
    setReason(undefined);
    setOpen(true);
  };
  const close = () => setOpen(false);

  return (
    <>
      <Button variant="quiet" className="lb-report" onClick={show}>
        Report this {kind}
      </Button>
      <Dialog open={open} title={`Report this ${kind}`} onClose={close}>
        {state.phase === 'sent' ? (
          <>
            <p role="status">Thank you: the moderators will look at this {kind}.</p>
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          </>
        ) : (
          <form className="lb-report-form" onSubmit={(e) => void submit(e)}>
            <RadioGroup<Reason>
              legend="What is wrong with it?"
              name="reason"
              choices={REASONS}
              value={reason}
              onValue={setReason}
              required
            />
            <TextAreaField label="Anything the moderators should know (optional)" name="note" rows={3} maxLength={NOTE_MAX} />
            {state.phase === 'failed' && <Alert>The report was not sent: {state.message}</Alert>}
            <div className="lb-button-row">
              <Button type="submit" variant="primary" disabled={state.phase === 'sending'}>
                Send report
              </Button>
              <Button onClick={close}>Cancel</Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
