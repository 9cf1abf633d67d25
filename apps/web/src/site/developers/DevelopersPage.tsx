import './developers.css';
import { API_DOCS_PAGE, DEVELOPER_REVIEW_PAGE, DEVELOPERS_PAGE, developersHead } from '@loopbox/pages';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { failureText } from '../../shared/backend.ts';
import { copyText, selectContents } from '../display/copy-text.ts';
import { reachOf } from '../../shared/login-state.ts';
import { useAccount } from '../shell/account.tsx';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { GRACE_CHOICES, PLATFORM_LABELS, USAGE_DAYS, USAGE_REFRESH_MS } from './constants.ts';
import {
  appUsage,
  askForProduction,
  createApp,
  listApps,
  revokeKey,
  rotateKey,
  type AppUsage,
  type DeveloperApp,
  type DeveloperKey,
  type Platform,
} from './developers-api.ts';
import { KeyUsagePanel } from './KeyUsagePanel.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/Field.tsx';
import { formatCount, formatDateTime } from '../../ui/format.ts';
import { Alert } from '../../ui/Alert.tsx';

const when = formatDateTime;
const limitText = (key: DeveloperKey) =>
  key.calls_per_hour === null ? 'no hourly limit' : `${formatCount(key.calls_per_hour)} calls an hour`;
const STATE_TEXT: Record<DeveloperKey['state'], (key: DeveloperKey) => string> = {
  active: () => 'Active',
  expiring: (key) => `Works until ${when(key.expires_at!)}`,
  expired: () => 'Expired',
  revoked: () => 'Revoked',
};
const live = (key: DeveloperKey) => key.state === 'active' || key.state === 'expiring';

/**
 * The developer dashboard (`/dashboard/developers`, any signed-in user): make an app and get its key
 * (beta, with GIPHY's low hourly limit), copy it, ask for production, rotate it with a grace period,
 * revoke it, and see each key's usage from the analytics projections.
 */
export default function DevelopersPage() {
  usePage(developersHead(), { pagePath: DEVELOPERS_PAGE });
  const { state } = useAccount();
  const [apps, setApps] = useState<DeveloperApp[]>();
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => listApps().then(setApps, () => setFailed(true)), []);
  useEffect(() => void reload(), [reload]);
  if (failed) return <PageFailed onRetry={() => location.reload()}>Your apps could not be loaded. Are you signed in?</PageFailed>;
  if (!apps) return <PageLoading label="Loading your apps" />;
  return (
    <div className="lb-developers">
      <h1>Developers</h1>
      <p>
        Build on this site's GIFs with its GIPHY-compatible API (<code>/v1/…?api_key=</code>) or its Tenor-compatible API (
        <code>/tenor/v2/…?key=</code>). A new key is a beta key with a low hourly limit; ask for production when your app is ready. Every
        call is in the <Link href={API_DOCS_PAGE}>API reference</Link>, where you can try it with your key.
      </p>
      {reachOf(state, 'developer_app.review') ? (
        <p>
          <Link href={DEVELOPER_REVIEW_PAGE}>Review requests for production keys</Link>
        </p>
      ) : null}
      <NewAppForm onCreated={reload} />
      <h2>Your apps</h2>
      {apps.length === 0 ? (
        <EmptyState title="No apps yet.">Create one above to get its API key.</EmptyState>
      ) : (
        apps.map((app) => <AppCard key={app.id} app={app} onChanged={reload} />)
      )}
    </div>
  );
}

function NewAppForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const heading = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [platform, setPlatform] = useState<Platform>('web');
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await createApp({ name, description, platform });
      setName('');
      setDescription('');
      await onCreated();
    } catch (err) {
      setProblem(failureText(err, 'The app could not be made.'));
    }
  };
  const platforms = Object.entries(PLATFORM_LABELS).map(([value, label]) => ({ value: value as Platform, label }));
  return (
    <Card>
      <form className="lb-developers__form" onSubmit={submit} aria-labelledby={heading}>
        <h2 id={heading} className="lb-card__title">
          Create an app
        </h2>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />
        <TextAreaField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} rows={2} />
        <SelectField<Platform> label="Platform" choices={platforms} value={platform} onValue={setPlatform} />
        <div className="lb-button-row">
          <Button type="submit" variant="primary">
            Create app and key
          </Button>
        </div>
        {problem && <Alert>{problem}</Alert>}
      </form>
    </Card>
  );
}

function AppCard({ app, onChanged }: { app: DeveloperApp; onChanged: () => Promise<void> }) {
  const [status, setStatus] = useState<{ text: string; error: boolean }>();
  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      setStatus({ text: done, error: false });
      await onChanged();
    } catch (err) {
      setStatus({ text: failureText(err, 'That did not work.'), error: true });
    }
  };
  const request = app.production_request;
  return (
    <Card className="lb-developers__app" role="article" aria-labelledby={`app-${app.id}`}>
      <h3 id={`app-${app.id}`}>
        {app.name} <span className={`lb-developers__tier lb-developers__tier--${app.tier}`}>{app.tier}</span>
      </h3>
      <p>
        {PLATFORM_LABELS[app.platform]}
        {app.description ? ` · ${app.description}` : ''}
      </p>
      <KeyTable app={app} run={run} />
      <RotateForm app={app} run={run} />
      {app.tier === 'beta' ? <ProductionRequest app={app} run={run} /> : null}
      {request?.decision ? (
        <p>
          Request for production {request.decision}
          {request.decision_note ? `: “${request.decision_note}”` : ''}
        </p>
      ) : null}
      {status ? <Alert tone={status.error ? 'error' : 'success'}>{status.text}</Alert> : null}
      <AppUsagePanels app={app} />
    </Card>
  );
}

type Run = (change: () => Promise<unknown>, done: string) => Promise<void>;

function KeyTable({ app, run }: { app: DeveloperApp; run: Run }) {
  /** The key the last Copy was for, and whether the browser let the page write the clipboard. */
  const [copied, setCopied] = useState<{ id: string; ok: boolean }>();
  const keyId = useId();
  const copy = async (key: DeveloperKey) => {
    const ok = await copyText(key.key, () => selectContents(document.getElementById(`${keyId}-${key.id}`)));
    setCopied({ id: key.id, ok });
  };
  return (
    <div className="lb-developers__keys">
      <DataTable
        caption={`API keys of ${app.name}`}
        rows={app.keys}
        rowKey={(key) => key.id}
        columns={[
          {
            header: 'Key',
            cell: (key) => (
              <code id={`${keyId}-${key.id}`} className="lb-developers__key">
                {key.key}
              </code>
            ),
          },
          { header: 'Tier and limit', cell: (key) => `${key.tier}, ${limitText(key)}` },
          { header: 'State', cell: (key) => STATE_TEXT[key.state](key) },
          {
            header: 'Actions',
            cell: (key) =>
              live(key) ? (
                <div className="lb-button-row">
                  <Button onClick={() => void copy(key)} aria-label={`Copy key ${key.key}`}>
                    {copied?.id !== key.id ? 'Copy' : copied.ok ? 'Copied' : 'Not copied: select the key'}
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => {
                      if (confirm('Revoke this key? Calls with it are refused within seconds.'))
                        void run(() => revokeKey(key.id), 'Key revoked.');
                    }}
                    aria-label={`Revoke key ${key.key}`}
                  >
                    Revoke
                  </Button>
                </div>
              ) : null,
          },
        ]}
      />
    </div>
  );
}

function RotateForm({ app, run }: { app: DeveloperApp; run: Run }) {
  const [grace, setGrace] = useState<number>(GRACE_CHOICES[2].seconds);
  const choices = GRACE_CHOICES.map((choice) => ({ value: String(choice.seconds), label: choice.label }));
  return (
    <form
      className="lb-developers__inline"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => rotateKey(app.id, grace), 'A new key was issued.');
      }}
    >
      <SelectField
        label="Old key keeps working for"
        choices={choices}
        value={String(grace)}
        onValue={(seconds) => setGrace(Number(seconds))}
      />
      <Button type="submit">Rotate key</Button>
    </form>
  );
}

function ProductionRequest({ app, run }: { app: DeveloperApp; run: Run }) {
  const [note, setNote] = useState('');
  if (app.production_request && !app.production_request.decision)
    return <p>Request for production waiting for staff (asked {when(app.production_request.created_at)}).</p>;
  return (
    <form
      className="lb-developers__inline"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => askForProduction(app.id, note), 'Asked for production: staff will decide.');
      }}
    >
      <TextField
        label="What the app does and how many calls it needs"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={500}
      />
      <Button type="submit">Ask for production</Button>
    </form>
  );
}

/** The app's keys' usage, read again every USAGE_REFRESH_MS while the page is open. */
function AppUsagePanels({ app }: { app: DeveloperApp }) {
  const [usage, setUsage] = useState<AppUsage>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: app.keys.length is not read on purpose: a key made or revoked reads the usage again at once
  useEffect(() => {
    let live = true;
    const read = () =>
      appUsage(app.id, USAGE_DAYS).then(
        (u) => live && setUsage(u),
        () => {},
      );
    void read();
    const timer = setInterval(read, USAGE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [app.id, app.keys.length]);
  if (!usage) return <p role="status">Loading usage…</p>;
  const shown = usage.keys.filter((k, i) => i === 0 || k.daily.length > 0);
  return (
    <>
      {shown.map((k) => {
        const key = app.keys.find((candidate) => candidate.id === k.key_id);
        return (
          <KeyUsagePanel key={k.key_id} usage={k} from={usage.from} to={usage.to} label={key ? `key …${key.key.slice(-6)}` : 'a key'} />
        );
      })}
    </>
  );
}
