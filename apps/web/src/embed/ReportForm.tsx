import { GIF_REPORT_REASONS, NOTE_MAX } from '@loopbox/pages';
import { useState, type FormEvent } from 'react';

/**
 * "Report this GIF" inside the share menu (so it loads with that lazy chunk, never with the embed):
 * a reason and a note sent to `POST /ajax/gif/{id}/report/` without cookies, so a report from a
 * third-party page is an anonymous one, counted and deduplicated by address.
 */
export function ReportForm({ gifId }: { gifId: string }) {
  const [state, setState] = useState<'form' | 'sending' | 'sent' | 'failed'>('form');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    setState('sending');
    const sent = await fetch(`/ajax/gif/${encodeURIComponent(gifId)}/report/`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: form.get('reason'), ...(note ? { note } : {}) }),
    }).then(
      (r) => r.ok,
      () => false,
    );
    setState(sent ? 'sent' : 'failed');
  }
  return (
    <details className="lb-embed__report">
      <summary>Report this GIF</summary>
      {state === 'sent' ? (
        <p role="status">Thank you: the moderators will look at it.</p>
      ) : (
        <form className="lb-embed__copy" onSubmit={(e) => void submit(e)}>
          <label className="lb-embed__copy">
            Reason
            <select name="reason" required defaultValue="">
              <option value="" disabled>
                Choose one
              </option>
              {GIF_REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r.replace('_', ' ')}
                </option>
              ))}
            </select>
          </label>
          <label className="lb-embed__copy">
            Note (optional)
            <textarea name="note" rows={2} maxLength={NOTE_MAX} />
          </label>
          {state === 'failed' && <p role="alert">The report was not sent; try again.</p>}
          <button type="submit" disabled={state === 'sending'}>
            Send report
          </button>
        </form>
      )}
    </details>
  );
}
