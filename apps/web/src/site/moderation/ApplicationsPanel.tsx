import './applications.css';
import { gifPath, NOTE_MAX, profilePath, type ApplicationDecision } from '@loopbox/pages';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextField } from '../../ui/Field.tsx';
import { formatDateTime, formatQuantity } from '../../ui/format.ts';
import { occurrenceKeys } from '../../ui/list-keys.ts';
import { decideApplication, fetchOpenApplications, type OpenApplication } from './applications-api.ts';
import { Alert } from '../../ui/Alert.tsx';

/**
 * Staff's queue of applications for verified channels, oldest first: the applicant, their links, the
 * examples (this site's GIFs as tiles), why; approve or refuse with a note the applicant is mailed.
 */
export function ApplicationsPanel() {
  const [applications, setApplications] = useState<OpenApplication[]>();
  const [failed, setFailed] = useState<string>();
  const [message, setMessage] = useState<string>();
  const load = useCallback(async () => {
    try {
      setApplications(await fetchOpenApplications());
      setFailed(undefined);
    } catch (error) {
      setFailed((error as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const decided = async (text: string) => {
    setMessage(text);
    await load();
  };
  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-applications-title">
      <h2 id="lb-mod-applications-title">Channel applications</h2>
      <div role="status" aria-live="polite" className="lb-mod-message">
        {message}
      </div>
      {failed && (
        <p role="alert">
          The applications could not be loaded: {failed} <Button onClick={() => void load()}>Try again</Button>
        </p>
      )}
      {!applications ? (
        !failed && <p role="status">Loading the applications…</p>
      ) : applications.length === 0 ? (
        <EmptyState title="No application is waiting.">Applications for verified channels show here, oldest first.</EmptyState>
      ) : (
        applications.map((application) => <ApplicationCard key={application.id} application={application} onDecided={decided} />)
      )}
    </section>
  );
}

function ApplicationCard({ application, onDecided }: { application: OpenApplication; onDecided: (message: string) => Promise<void> }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { applicant } = application;
  // The applicant may have given the same example twice.
  const exampleKeys = occurrenceKeys(application.examples, (example) => example.url);
  const send = async (decision: ApplicationDecision) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await decideApplication(application.id, decision, note.trim());
      await onDecided(
        decision === 'approve'
          ? `${applicant.username} is verified (role ${answer.role}) and was mailed.`
          : `${application.name}: refused, ${applicant.username} was mailed the note.`,
      );
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <Card className="lb-mod-detail lb-mod-application" role="article" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{application.name}</h3>
      <dl className="lb-mod-facts">
        <dt>Applicant</dt>
        <dd>
          <Link href={profilePath(applicant.username)}>{applicant.username}</Link> (id {applicant.id})
          {applicant.display_name && ` · ${applicant.display_name}`} · {applicant.role} · {formatQuantity(applicant.gif_count, 'GIF')}
        </dd>
        <dt>Sent</dt>
        <dd>{formatDateTime(application.created_at)}</dd>
        <dt>Links</dt>
        <dd>
          <ul className="lb-mod-list">
            {application.links.map((link) => (
              <li key={link}>
                <a href={link} rel="noopener noreferrer nofollow" target="_blank">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </dd>
        <dt>Why</dt>
        <dd className="lb-mod-application__why">{application.why}</dd>
      </dl>
      <h4>Examples</h4>
      <ul className="lb-mod-application__examples">
        {application.examples.map((example, index) => {
          const gif = example.gif_id ? application.gifs[example.gif_id] : undefined;
          return (
            <li key={exampleKeys[index]}>
              {gif ? (
                <Link href={gifPath(gif)} className="lb-mod-application__tile">
                  {gif.preview && <img src={gif.preview} alt="" width={120} />}
                  <span>{gif.title || gif.id}</span>
                </Link>
              ) : (
                <a href={example.url} rel="noopener noreferrer nofollow" target="_blank">
                  {example.url}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <div className="lb-mod-row">
        <TextField
          label="Note to the applicant (mailed; needed to refuse)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={NOTE_MAX}
        />
        <div className="lb-button-row">
          <Button variant="primary" disabled={busy} onClick={() => void send('approve')}>
            Approve
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void send('refuse')}>
            Refuse
          </Button>
        </div>
      </div>
      {problem && <Alert>{problem}</Alert>}
    </Card>
  );
}
