import { LOGIN_PAGE } from '@loopbox/pages';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { callBackend } from '../../shared/backend.ts';
import { FormStatus } from '../account/form.tsx';
import { useAccount } from '../shell/account.tsx';
import { useResource } from '../data/use-resource.ts';
import { browserName } from './browser-name.ts';
import { Panel } from './Panel.tsx';
import { fetchSessions, when } from './settings-api.ts';

/** Where the account is signed in: end one session, or all of them ("log out everywhere", this browser too). */
export function SessionsList() {
  const { refresh } = useAccount();
  const [, navigate] = useLocation();
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const sessions = useResource(`sessions:${version}`, fetchSessions);
  const act = async (path: string, after: () => Promise<void> | void) => {
    setError(undefined);
    setDone(undefined);
    try {
      await callBackend('DELETE', path);
    } catch (failure) {
      setError((failure as Error).message);
      return;
    }
    await after();
  };
  const everywhere = () =>
    act('/api/v1/sessions/', async () => {
      await refresh();
      navigate(LOGIN_PAGE);
    });
  return (
    <Panel id="sessions" title="Sessions" lead="Browsers signed in to your account.">
      <FormStatus error={error} done={done} />
      {sessions.status === 'ok' && (
        <ul className="lb-list">
          {sessions.data.map((session) => (
            <li key={session.id}>
              <span className="lb-list__what">
                <span>
                  {browserName(session.user_agent)}
                  {session.current && <strong> (this browser)</strong>}
                </span>
                <small>
                  {session.address || 'Unknown address'} · last active {when(session.last_seen_at)} · signed in {when(session.created_at)}
                </small>
              </span>
              {!session.current && (
                <button
                  type="button"
                  className="lb-button"
                  onClick={() =>
                    void act(`/api/v1/sessions/${session.id}/`, () => {
                      setDone(`Signed out ${browserName(session.user_agent)}.`);
                      setVersion(version + 1);
                    })
                  }
                >
                  Log out
                  <span className="lb-visually-hidden">
                    {' '}
                    {browserName(session.user_agent)} at {session.address}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.status === 'error' && <p role="alert">Your sessions could not be loaded: {(sessions.error as Error).message}</p>}
      <button type="button" className="lb-button" onClick={() => void everywhere()}>
        Log out everywhere
      </button>
    </Panel>
  );
}
