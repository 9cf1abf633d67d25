import type { EmailVerified } from '@loopbox/contract/accounts';
import { accountHead, loginPath, SETTINGS_PAGE } from '@loopbox/pages';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { backendData, BackendError } from '../../shared/backend.ts';
import { useAccount } from '../shell/account.tsx';
import { PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { useHashToken } from './hash-token.ts';
import { ResendLink } from './ResendLink.tsx';

type Outcome = { status: 'checking' } | { status: 'verified'; email: string } | { status: 'failed'; message: string };

/**
 * `/join/verify#token=…`, where an address change's confirmation mail leads: confirms the address at once, then says
 * so; a used or expired link says that instead and, to a signed-in visitor, offers a fresh one.
 */
export default function VerifyEmailPage() {
  usePage(accountHead('verify-email'), { pagePath: '/join/verify' });
  const [token] = useHashToken();
  const { state, refresh } = useAccount();
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { status: 'checking' }
      : { status: 'failed', message: 'This address has no confirmation link in it. Open the link from the mail again.' },
  );
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    backendData<EmailVerified>('POST', '/api/v1/email/verify/', { json: { token } }).then(
      ({ email }) => {
        setOutcome({ status: 'verified', email });
        void refresh();
      },
      (error: unknown) => setOutcome({ status: 'failed', message: error instanceof BackendError ? error.message : String(error) }),
    );
  }, [token, refresh]);
  if (outcome.status === 'checking') return <PageLoading label="Confirming your address" />;
  return (
    <div className="lb-account-page">
      {outcome.status === 'verified' ? (
        <>
          <h1>Your address is confirmed</h1>
          <p role="status">
            <strong>{outcome.email}</strong> is the e-mail address of your account.
          </p>
          <p className="lb-form__actions">
            <Link href="/" className="lb-button lb-button--primary">
              Find GIFs
            </Link>
            <Link href={state?.user ? SETTINGS_PAGE : loginPath(SETTINGS_PAGE)} className="lb-button">
              {state?.user ? 'Your settings' : 'Log in'}
            </Link>
          </p>
        </>
      ) : (
        <>
          <h1>This link did not work</h1>
          <p role="alert">{outcome.message}</p>
          {state?.user ? <ResendLink /> : <Link href={loginPath(SETTINGS_PAGE)}>Log in to get a new link</Link>}
        </>
      )}
    </div>
  );
}
