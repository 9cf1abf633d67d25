import { accountHead, LOGIN_PAGE, loginPath, PROVIDER_NAME } from '@loopbox/pages';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { callBackend } from '../../shared/backend.ts';
import { useAccount } from '../shell/account.tsx';
import { useGoTo } from '../shell/navigation.ts';
import { PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { PASSWORD_MIN } from './constants.ts';
import { Field, FormStatus, PasswordField, SubmitButton, textOf, useFormSubmit } from './form.tsx';
import { useHashToken } from './hash-token.ts';
import { JoinConfirm } from './JoinConfirm.tsx';
import { nextPath } from './next-path.ts';

/**
 * `/join`: sign up with a username, e-mail address and password. The server answers alike whether or
 * not the address already has an account (it tells the mailbox, not the visitor), so the page always
 * says to check the mail. The mailed link (`/join#token=…`) makes the account and signs in.
 */
export default function JoinPage() {
  usePage(accountHead('join'), { pagePath: '/join' });
  const [token, clearToken] = useHashToken();
  return token ? <JoinConfirm key={token} token={token} onSignUpAgain={clearToken} /> : <SignUp />;
}

function SignUp() {
  const { state } = useAccount();
  const goTo = useGoTo();
  const [joined, setJoined] = useState<{ username: string; email: string }>();
  const next = nextPath();
  const signedIn = Boolean(state?.user);
  // Someone already signed in has nothing to do here.
  useEffect(() => {
    if (signedIn) goTo(next, { replace: true });
  }, [signedIn, goTo, next]);
  const { onSubmit, pending, errors } = useFormSubmit(async (data) => {
    const account = { username: textOf(data, 'username').trim(), email: textOf(data, 'email').trim(), password: textOf(data, 'password') };
    await callBackend('POST', '/api/v1/accounts/', { json: account });
    setJoined(account);
  });
  const login = next === '/' ? LOGIN_PAGE : loginPath(next);
  if (joined) {
    return (
      <div className="lb-account-page">
        <h1>Check your mail</h1>
        <p role="status">
          We sent a mail to <strong>{joined.email}</strong>. Open the link in it to confirm your address: that makes your account{' '}
          <strong>{joined.username}</strong> and signs you in. The link works for three days. If that address already has an account, the
          mail says so instead.
        </p>
        <p className="lb-form__actions">
          <Link href="/" className="lb-button lb-button--primary">
            Find GIFs
          </Link>
        </p>
      </div>
    );
  }
  if (!state || signedIn) return <PageLoading />;
  return (
    <div className="lb-account-page">
      <h1>Join {PROVIDER_NAME}</h1>
      <p className="lb-account-page__lead">Keep your favorite GIFs and stickers, and share your own.</p>
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint="2 to 40 letters, digits or _. It is your address: /yourname."
          error={errors.fields.username}
        />
        <Field
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          hint="We send a link to confirm it. Never shown to anyone."
          error={errors.fields.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters. A few words you will remember work well.`}
          error={errors.fields.password}
        />
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Making your account…">
            Join
          </SubmitButton>
        </div>
      </form>
      <p className="lb-account-page__links">
        Already have an account? <Link href={login}>Log in</Link>
      </p>
    </div>
  );
}
