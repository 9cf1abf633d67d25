import type { SignedIn } from '@loopbox/contract/sessions';
import { PROVIDER_NAME, SETTINGS_PAGE } from '@loopbox/pages';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { backendData, BackendError } from '../../shared/backend.ts';
import { useAccount } from '../shell/account.tsx';
import { PageLoading } from '../shell/PageStatus.tsx';
import { nextPath } from './next-path.ts';

const CONFIRM_PATH = '/api/v1/accounts/confirm/';

type Outcome = { status: 'checking' } | { status: 'joined'; username: string } | { status: 'failed'; message: string };

/**
 * `/join#token=…`, where a sign-up's mail leads: the link makes the account and signs in at once,
 * then says so; a used or expired link says that instead and offers to sign up again.
 */
export function JoinConfirm({ token, onSignUpAgain }: { token: string; onSignUpAgain: () => void }) {
  const { refresh } = useAccount();
  const next = nextPath();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'checking' });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    backendData<SignedIn>('POST', CONFIRM_PATH, { json: { token } }).then(
      async ({ username }) => {
        await refresh();
        setOutcome({ status: 'joined', username });
      },
      (error: unknown) => setOutcome({ status: 'failed', message: error instanceof BackendError ? error.message : String(error) }),
    );
  }, [token, refresh]);
  if (outcome.status === 'checking') return <PageLoading label="Making your account" />;
  if (outcome.status === 'failed') {
    return (
      <div className="lb-account-page">
        <h1>This link did not work</h1>
        <p role="alert">{outcome.message}</p>
        <p className="lb-form__actions">
          <button type="button" className="lb-button lb-button--primary" onClick={onSignUpAgain}>
            Sign up again
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="lb-account-page">
      <h1>Welcome to {PROVIDER_NAME}</h1>
      <p role="status">
        Your address is confirmed and your account is ready: you are signed in as <strong>{outcome.username}</strong>.
      </p>
      <p className="lb-form__actions">
        <Link href={next} className="lb-button lb-button--primary">
          {next === '/' ? 'Find GIFs' : 'Continue'}
        </Link>
        <Link href={SETTINGS_PAGE} className="lb-button">
          Your settings
        </Link>
      </p>
    </div>
  );
}
