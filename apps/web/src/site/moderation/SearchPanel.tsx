import { CONTENT_STATES, GIF_TYPES, type Decision } from '@loopbox/pages';
import { RATINGS } from '../dashboard/upload-fields.ts';
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { formatCount, formatDate } from '../../ui/format.ts';
import { GifDetail, score } from './GifDetail.tsx';
import { csvHref, searchContent, type ContentRow, type SearchFilters } from './moderation-api.ts';
import { useDecision } from './use-decision.ts';
import { namedChoices } from './audit-words.ts';
import { Alert } from '../../ui/Alert.tsx';

const PAGE = 25;
/** The search's results as a table: the title opens the GIF's detail. */
const columns = (open: (row: ContentRow) => void): Column<ContentRow>[] => [
  {
    header: 'GIF',
    cell: (row) => (
      <Button variant="quiet" onClick={() => open(row)}>
        {row.title || row.id}
      </Button>
    ),
  },
  { header: 'User', cell: (row) => row.username ?? '' },
  { header: 'Type', cell: (row) => row.type },
  { header: 'Rating', cell: (row) => row.rating },
  { header: 'State', cell: (row) => (row.is_removed ? 'removed' : `${row.moderation_state} · ${row.visibility}`) },
  { header: 'Reports', cell: (row) => formatCount(row.reports), numeric: true },
  { header: 'NSFW', cell: (row) => score(row.nsfw_score), numeric: true },
  { header: 'Uploaded', cell: (row) => formatDate(row.create_datetime) },
];
const FILTER_NAMES = ['q', 'username', 'rating', 'state', 'type', 'uploaded_from', 'uploaded_to', 'min_reports'] as const;

/**
 * The search service for staff: all content (private, hidden and removed too) by text, user,
 * rating, state, type, upload dates and report count, paged; the same query as a CSV download; a
 * row opens the GIF's detail with the decisions.
 */
export function SearchPanel() {
  const [filters, setFilters] = useState<Partial<SearchFilters>>();
  const [offset, setOffset] = useState(0);
  const [rows, setRows] = useState<ContentRow[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [opened, setOpened] = useState<ContentRow>();
  const [version, setVersion] = useState(0);
  const decision = useDecision();

  async function load(f: Partial<SearchFilters>, at: number) {
    try {
      const answer = await searchContent(f, { limit: PAGE, offset: at });
      setRows(answer.data);
      setHasMore(answer.pagination.has_more);
      setOffset(at);
      setFailed(undefined);
    } catch (error) {
      setFailed((error as Error).message);
    }
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const f = Object.fromEntries(
      FILTER_NAMES.map((n) => [n, String(form.get(n) ?? '').trim()]).filter(([, v]) => v),
    ) as Partial<SearchFilters>;
    setFilters(f);
    setOpened(undefined);
    void load(f, 0);
  };
  const decideOpened = async (action: Decision, rating?: string) => {
    if (!opened || !filters) return;
    if (await decision.run(opened.id, opened.title, action, rating)) {
      setVersion((v) => v + 1);
      await load(filters, offset);
    }
  };

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-search-title">
      <h2 id="lb-mod-search-title">Search all content</h2>
      <form className="lb-mod-filters" onSubmit={submit}>
        <TextField label="Text" type="search" name="q" maxLength={50} />
        <TextField label="Username" name="username" autoComplete="off" />
        <SelectField name="rating" label="Rating" choices={namedChoices(RATINGS)} anyLabel="any" />
        <SelectField name="state" label="State" choices={namedChoices(CONTENT_STATES)} anyLabel="any" />
        <SelectField name="type" label="Type" choices={namedChoices(GIF_TYPES)} anyLabel="any" />
        <TextField label="Uploaded from" type="date" name="uploaded_from" />
        <TextField label="Uploaded to" type="date" name="uploaded_to" />
        <TextField label="At least this many reports" type="number" name="min_reports" min={0} />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {failed && <Alert>The search failed: {failed}</Alert>}
      {filters && !failed && (
        <>
          <div className="lb-mod-row">
            <span role="status">
              {rows.length === 0
                ? 'Nothing matches.'
                : `Results ${formatCount(offset + 1)}–${formatCount(offset + rows.length)}${hasMore ? ', more follow' : ''}.`}
            </span>
            <ButtonLink external href={csvHref(filters)} download>
              Download CSV
            </ButtonLink>
          </div>
          {rows.length > 0 && (
            <DataTable caption="Content matching the search" columns={columns(setOpened)} rows={rows} rowKey={(row) => row.id} />
          )}
          {(offset > 0 || hasMore) && (
            <div className="lb-button-row">
              {offset > 0 && <Button onClick={() => void load(filters, Math.max(0, offset - PAGE))}>Previous page</Button>}
              {hasMore && <Button onClick={() => void load(filters, offset + PAGE)}>Next page</Button>}
            </div>
          )}
        </>
      )}
      {opened && (
        <GifDetail
          id={opened.id}
          version={version}
          decision={{
            reason: decision.reason,
            onReason: decision.setReason,
            busy: decision.busy,
            onDecide: (action, rating) => void decideOpened(action, rating),
          }}
        />
      )}
    </section>
  );
}
