import type { ResetRequested } from '@loopbox/contract/accounts';
import { accountHead, LOGIN_PAGE } from '@loopbox/pages';
import { useState } from 'react';
import { Link } from 'wouter';
import { backendData } from '../../shared/backend.ts';
import { useAccount } from '../shell/account.tsx';
import { usePage } from '../data/use-page.ts';
import { PASSWORD_MIN } from './constants.ts';
import { Field, FormStatus, PasswordField, SubmitButton, textOf, useFormSubmit } from './form.tsx';
import { useHashToken } from './hash-token.ts';

const RESET_PATH = '/api/v3/password/reset';

/**
 * `/password`: ask for a reset link by e-mail address; the mailed link (`/password#token=…`) opens
 * the second form, which sets a new password (every session ends, so the visitor logs in anew).
 */
export default function PasswordPage() {
  usePage(accountHead('password'), { pagePath: '/password' });
  const [token, clearToken] = useHashToken();
  return <div className="lb-account-page">{token ? <SetPassword key={token} token={token} onNewLink={clearToken} /> : <AskForLink />}</div>;
}

function AskForLink() {
  const [answer, setAnswer] = useState<string>();
  const { onSubmit, pending, errors } = useFormSubmit(async (data) => {
    setAnswer(undefined);
    const { message } = await backendData<ResetRequested>('POST', RESET_PATH, { json: { email: textOf(data, 'email').trim() } });
    setAnswer(message);
  });
  return (
    <>
      <h1>Reset your password</h1>
      <p className="lb-account-page__lead">Type the e-mail address of your account: we mail you a link to choose a new password.</p>
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} done={answer} />
        <Field label="E-mail address" name="email" type="email" autoComplete="email" required error={errors.fields.email} />
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Sending…">
            Send the link
          </SubmitButton>
          <Link href={LOGIN_PAGE}>Back to log in</Link>
        </div>
      </form>
    </>
  );
}

function SetPassword({ token, onNewLink }: { token: string; onNewLink: () => void }) {
  const { refresh } = useAccount();
  const [done, setDone] = useState(false);
  // The link's token is no input of the form: a refusal of it is the form's error.
  const { onSubmit, pending, errors } = useFormSubmit(async (data) => {
    await backendData('POST', RESET_PATH, { json: { token, password: textOf(data, 'password') } });
    setDone(true);
    await refresh();
  });
  if (done) {
    return (
      <>
        <h1>Your password is changed</h1>
        <p role="status">Every session of your account has been signed out. Log in with your new password.</p>
        <p>
          <Link href={LOGIN_PAGE} className="lb-button lb-button--primary">
            Log in
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <p className="lb-account-page__lead">This link works once, for an hour after it was sent.</p>
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={errors.fields.password}
        />
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Saving…">
            Save the new password
          </SubmitButton>
        </div>
      </form>
      {errors.form && (
        <p className="lb-account-page__links">
          <button type="button" className="lb-button" onClick={onNewLink}>
            Ask for a new link
          </button>
        </p>
      )}
    </>
  );
}
