import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AuditList } from './AuditList.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { fetchAudit, type AuditEntry } from './moderation-api.ts';
import { namedChoices } from './audit-words.ts';
import { Alert } from '../../ui/Alert.tsx';

const TARGET_KINDS = ['gif', 'user', 'takedown', 'search', 'trending_term'] as const;

interface Filter {
  target?: string;
  actor?: string;
}

/** The audit trail, newest first (all of it when opened), by target (`gif:<id>`, `user:<id>`, `search:<term with spaces>`, …) and/or actor (a user id), with older pages on demand. */
export function AuditPanel() {
  const [filter, setFilter] = useState<Filter>();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Only state setters inside: the same function for the panel's life.
  const load = useCallback(async (f: Filter, before?: string) => {
    setBusy(true);
    try {
      const page = await fetchAudit({ ...f, ...(before ? { before } : {}) });
      setEntries((shown) => (before ? [...shown, ...page.entries] : page.entries));
      setNext(page.next_before);
      setFailed(undefined);
    } catch (error) {
      setFailed((error as Error).message);
    } finally {
      setBusy(false);
    }
  }, []);
  // Opened, the panel shows the newest entries of every target.
  useEffect(() => {
    setFilter({});
    void load({});
  }, [load]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const id = String(form.get('target_id') ?? '').trim();
    const actor = String(form.get('actor') ?? '').trim();
    const f: Filter = { ...(id ? { target: `${String(form.get('target_kind'))}:${id}` } : {}), ...(actor ? { actor } : {}) };
    setFilter(f);
    void load(f);
  };

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-audit-title">
      <h2 id="lb-mod-audit-title">Audit trail</h2>
      <form className="lb-mod-row" onSubmit={submit}>
        <SelectField name="target_kind" label="Target kind" choices={namedChoices(TARGET_KINDS)} />
        <TextField label="Target id or term" name="target_id" autoComplete="off" />
        <TextField label="Actor (user id)" name="actor" inputMode="numeric" pattern="[0-9]{1,10}" autoComplete="off" />
        <Button type="submit" disabled={busy}>
          Show
        </Button>
      </form>
      {failed && <Alert>The audit trail could not be read: {failed}</Alert>}
      {filter && (
        <>
          <AuditList entries={entries} />
          {next && (
            <Button disabled={busy} onClick={() => void load(filter, next)}>
              Older entries
            </Button>
          )}
        </>
      )}
    </section>
  );
}
