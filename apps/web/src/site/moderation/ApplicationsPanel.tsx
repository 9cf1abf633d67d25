import './applications.css';
import { gifPath, NOTE_MAX, profilePath, type ApplicationDecision } from '@loopbox/pages';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { decideApplication, fetchOpenApplications, type OpenApplication } from './applications-api.ts';

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
          The applications could not be loaded: {failed}{' '}
          <button type="button" className="lb-button" onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {!applications ? (
        !failed && <p role="status">Loading the applications…</p>
      ) : applications.length === 0 ? (
        <p>No application is waiting.</p>
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
  const send = async (decision: ApplicationDecision) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await decideApplication(application.id, decision, note.trim());
      await onDecided(decision === 'approve' ? `${applicant.username} is verified (role ${answer.role}) and was mailed.` : `${application.name}: refused, ${applicant.username} was mailed the note.`);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <article className="lb-mod-detail lb-mod-application" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{application.name}</h3>
      <dl className="lb-mod-facts">
        <dt>Applicant</dt>
        <dd>
          <Link href={profilePath(applicant.username)}>{applicant.username}</Link> (id {applicant.id}){applicant.display_name && ` · ${applicant.display_name}`} · {applicant.role} · {applicant.gif_count} GIF{applicant.gif_count === 1 ? '' : 's'}
        </dd>
        <dt>Sent</dt>
        <dd>{new Date(application.created_at).toLocaleString()}</dd>
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
            <li key={`${index}-${example.url}`}>
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
      <div className="lb-form lb-mod-inline">
        <label>
          Note to the applicant (mailed; needed to refuse)
          <input type="text" value={note} onChange={(e) => setNote(e.target.value)} maxLength={NOTE_MAX} />
        </label>
        <button type="button" className="lb-button" disabled={busy} onClick={() => void send('approve')}>
          Approve
        </button>
        <button type="button" className="lb-button lb-button--danger" disabled={busy} onClick={() => void send('refuse')}>
          Refuse
        </button>
      </div>
      {problem && <p role="alert">{problem}</p>}
    </article>
  );
}
