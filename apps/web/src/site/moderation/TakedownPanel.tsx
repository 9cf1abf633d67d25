import { TAKEDOWN_MAX_ITEMS, TAKEDOWN_REASONS } from '@loopbox/pages';
import { useRef, useState, type FormEvent } from 'react';
import { BackendError } from '../../shared/backend.ts';
import { Button } from '../../ui/Button.tsx';
import { Check, SelectField, TextAreaField, TextField } from '../../ui/Field.tsx';
import { formatCount, formatQuantity } from '../../ui/format.ts';
import { namedChoices } from './audit-words.ts';
import { fileTakedown, type TakedownItem, type TakedownRefused } from './moderation-api.ts';

interface Row {
  key: number;
  gif_id: string;
  reason: (typeof TAKEDOWN_REASONS)[number];
}

type Outcome =
  | { ok: true; takedownId: string; state: string; ownersMailed: number; items: TakedownItem[] }
  | { ok: false; message: string; items: TakedownItem[] };

/**
 * The takedown form (`POST /api/v3/content-takedown/takedown`): GIF ids each with a reason, whether
 * to mail the owners, a note. All are removed or none: the answer's status for each item is shown
 * either way.
 */
export function TakedownPanel() {
  const rowKeys = useRef(0);
  const newRow = (): Row => ({ key: ++rowKeys.current, gif_id: '', reason: TAKEDOWN_REASONS[0] });
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const change = (key: number, field: 'gif_id' | 'reason', value: string) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const items = rows.map((r) => ({ gif_id: r.gif_id.trim(), reason: r.reason })).filter((i) => i.gif_id);
    setBusy(true);
    try {
      const note = String(form.get('note') ?? '').trim();
      const answer = await fileTakedown({ items, send_email: form.get('send_email') === 'on', ...(note ? { note } : {}) });
      setOutcome({
        ok: true,
        takedownId: answer.takedown_id,
        state: answer.state,
        ownersMailed: answer.owners_mailed,
        items: answer.items,
      });
      setRows([newRow()]);
    } catch (error) {
      const details = error instanceof BackendError ? (error.body as Partial<TakedownRefused> | undefined)?.data?.items : undefined;
      setOutcome({ ok: false, message: (error as Error).message, items: details ?? [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-takedown-title">
      <h2 id="lb-mod-takedown-title">Takedown</h2>
      <p>Every GIF listed is removed in one step, or none is when any id is unknown.</p>
      <form className="lb-mod-stack" onSubmit={(e) => void submit(e)}>
        <fieldset className="lb-mod-fieldset">
          <legend>GIFs to take down</legend>
          {rows.map((row, index) => (
            <div key={row.key} className="lb-mod-row">
              <TextField
                label={`GIF id ${index + 1}`}
                required
                pattern="[A-Za-z0-9]{1,40}"
                value={row.gif_id}
                onChange={(e) => change(row.key, 'gif_id', e.target.value)}
              />
              <SelectField
                label={`Reason ${index + 1}`}
                choices={namedChoices(TAKEDOWN_REASONS)}
                value={row.reason}
                onValue={(reason) => change(row.key, 'reason', reason)}
              />
              {rows.length > 1 && (
                <Button onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>Remove row {index + 1}</Button>
              )}
            </div>
          ))}
          <div className="lb-button-row">
            <Button disabled={rows.length >= TAKEDOWN_MAX_ITEMS} onClick={() => setRows((all) => [...all, newRow()])}>
              Add a GIF
            </Button>
          </div>
        </fieldset>
        <Check name="send_email" label="E-mail each owner the GIFs taken down" />
        <TextAreaField label="Note (optional)" name="note" rows={3} maxLength={1000} />
        <div className="lb-button-row">
          <Button type="submit" variant="danger" disabled={busy}>
            File the takedown
          </Button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {outcome && (
          <div className={outcome.ok ? 'lb-mod-message' : 'lb-mod-message lb-mod-message--error'}>
            <p>
              {outcome.ok
                ? `Takedown ${outcome.takedownId} ${outcome.state.replace(/_/g, ' ')}: ${formatCount(outcome.items.length)} removed, ${formatQuantity(outcome.ownersMailed, 'owner')} mailed.`
                : `Nothing was taken down: ${outcome.message}`}
            </p>
            {outcome.items.length > 0 && (
              <ul className="lb-mod-list">
                {outcome.items.map((item) => (
                  <li key={item.gif_id}>
                    {item.gif_id} ({item.reason}): <strong>{item.status.replace(/_/g, ' ')}</strong>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
