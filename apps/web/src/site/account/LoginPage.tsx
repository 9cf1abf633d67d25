import { accountHead, JOIN_PAGE, NEXT_PARAM, PASSWORD_PAGE, PROVIDER_NAME } from '@loopbox/pages';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { callBackend } from '../../shared/backend.ts';
import { useAccount } from '../shell/account.tsx';
import { useGoTo } from '../shell/navigation.ts';
import { PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { Field, FormStatus, PasswordField, SubmitButton, textOf, useFormSubmit } from './form.tsx';
import { nextPath } from './next-path.ts';

/** `/login?next=…`: log in with username or e-mail and password, then go back to `next`. */
export default function LoginPage() {
  usePage(accountHead('login'), { pagePath: '/login' });
  const { state, refresh } = useAccount();
  const goTo = useGoTo();
  const next = nextPath();
  const signedIn = Boolean(state?.user);
  useEffect(() => {
    if (signedIn) goTo(next, { replace: true });
  }, [signedIn, goTo, next]);
  const { onSubmit, pending, errors } = useFormSubmit(async (data) => {
    await callBackend('POST', '/api/v1/session/', { json: { login: textOf(data, 'login'), password: textOf(data, 'password') } });
    await refresh();
  });
  if (!state || signedIn) return <PageLoading />;
  const joinHref = next === '/' ? JOIN_PAGE : `${JOIN_PAGE}?${NEXT_PARAM}=${encodeURIComponent(next)}`;
  return (
    <div className="lb-account-page">
      <h1>Log in</h1>
      <p className="lb-account-page__lead">Welcome back. Log in to favorite GIFs and manage your account.</p>
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} />
        <Field
          label="Username or e-mail"
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.fields.login}
        />
        <PasswordField label="Password" name="password" autoComplete="current-password" required error={errors.fields.password} />
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Logging in…">
            Log in
          </SubmitButton>
          <Link href={PASSWORD_PAGE}>Forgot your password?</Link>
        </div>
      </form>
      <p className="lb-account-page__links">
        New here? <Link href={joinHref}>Join {PROVIDER_NAME}</Link>
      </p>
    </div>
  );
}
