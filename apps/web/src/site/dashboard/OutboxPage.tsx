import '../account/account.css';
import type { Outbox, OutboxMessage } from '@loopbox/contract/mail';
import { accountHead } from '@loopbox/pages';
import { useState } from 'react';
import { callBackend } from '../../shared/backend.ts';
import { useSignedIn } from '../shell/account.tsx';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';

const stateOf = (m: OutboxMessage) =>
  m.sent_at
    ? `delivered ${new Date(m.sent_at).toLocaleString()}`
    : m.failed_at
      ? `given up after ${m.attempts} attempts`
      : m.attempts > 0
        ? `waiting to retry (${m.attempts} attempts)`
        : 'waiting';

/**
 * `/dashboard/outbox` (staff): the newest mail with its delivery state. A self-hoster without SMTP
 * reads verification and reset links here and passes them on.
 */
export default function OutboxPage() {
  usePage(accountHead('outbox'), { pagePath: '/dashboard/outbox' });
  const signedIn = useSignedIn();
  const [attempt, setAttempt] = useState(0);
  const outbox = useResource(`outbox:${attempt}`, () => callBackend<Outbox>('GET', '/api/v1/mail/outbox/'));
  if (!signedIn || outbox.status === 'loading') return <PageLoading label="Loading the outbox" />;
  if (outbox.status === 'error')
    return (
      <PageFailed onRetry={() => setAttempt(attempt + 1)}>The outbox could not be loaded: {(outbox.error as Error).message}</PageFailed>
    );
  const { data, smtp } = outbox.data;
  return (
    <div className="lb-account-page lb-account-page--wide lb-outbox">
      <h1>Mail outbox</h1>
      <p className="lb-account-page__lead">
        {smtp
          ? 'Mail is delivered by SMTP; a delivered message’s text is erased.'
          : 'No SMTP server is set (SMTP_URL), so nothing is delivered: pass the links below to the people they are for.'}
      </p>
      <p>
        <button type="button" className="lb-button" onClick={() => setAttempt(attempt + 1)}>
          Refresh
        </button>
      </p>
      {data.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <ul className="lb-list">
          {data.map((message) => (
            <li key={message.id}>
              <div className="lb-list__what">
                <span>
                  <strong>{message.subject}</strong> to {message.to_address}
                </span>
                <small>
                  {new Date(message.created_at).toLocaleString()} · {stateOf(message)}
                  {message.last_error && ` · ${message.last_error}`}
                </small>
                {message.body && (
                  <details>
                    <summary>Text</summary>
                    <pre>{message.body}</pre>
                  </details>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
