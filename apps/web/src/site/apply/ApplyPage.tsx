import '../account/account.css';
import './apply.css';
import {
  accountHead,
  APPLICATION_EXAMPLES_MAX,
  APPLICATION_LINKS_MAX,
  APPLICATION_NAME_MAX,
  APPLICATION_WHY_MAX,
  APPLY_PAGE,
  JOIN_PAGE,
  loginPath,
  NEXT_PARAM,
  profilePath,
  PROVIDER_NAME,
} from '@loopbox/pages';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Field, FormStatus, SubmitButton, TextAreaField, textOf, useFormSubmit } from '../account/form.tsx';
import { useAccount } from '../shell/account.tsx';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { fetchMyApplication, linesOf, submitApplication, type Application } from './apply-api.ts';

/**
 * `/apply`: artists and brands apply for a verified channel (name, links, examples of their work,
 * why). Signed-in visitors only (others are offered Join and Log in); one open application at a
 * time, whose state the page then shows. A refused applicant reads the staff's note and may apply again.
 */
export default function ApplyPage() {
  usePage(accountHead('apply'), { pagePath: APPLY_PAGE });
  const { state } = useAccount();
  if (!state) return <PageLoading label="Loading" />;
  return (
    <div className="lb-account-page lb-account-page--wide lb-apply">
      <h1>Apply for a verified channel</h1>
      <p className="lb-account-page__lead">
        Artists, studios and brands who make GIFs: a verified channel shows a badge beside your name everywhere on {PROVIDER_NAME}, lists
        you among the studios, and opens the creator&apos;s tools (channels, stories, the scheduler).
      </p>
      {state.user ? <Applicant username={state.user.username} /> : <SignInFirst />}
    </div>
  );
}

function SignInFirst() {
  return (
    <section aria-labelledby="lb-apply-signin">
      <h2 id="lb-apply-signin">Sign in to apply</h2>
      <p>An application belongs to an account: join {PROVIDER_NAME} or log in, then come back here.</p>
      <p className="lb-form__actions">
        <Link href={`${JOIN_PAGE}?${NEXT_PARAM}=${encodeURIComponent(APPLY_PAGE)}`} className="lb-button lb-button--primary">
          Join
        </Link>
        <Link href={loginPath(APPLY_PAGE)} className="lb-button">
          Log in
        </Link>
      </p>
    </section>
  );
}

function Applicant({ username }: { username: string }) {
  const [mine, setMine] = useState<Application | null>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    fetchMyApplication().then(setMine, () => setFailed(true));
  }, []);
  useEffect(load, [load]);
  if (failed) return <PageFailed onRetry={load}>Your application could not be loaded.</PageFailed>;
  if (mine === undefined) return <PageLoading label="Loading your application" />;
  if (mine?.state === 'open') return <ApplicationState application={mine} username={username} />;
  if (mine?.state === 'approved') return <ApplicationState application={mine} username={username} />;
  return (
    <>
      {mine?.state === 'refused' && <ApplicationState application={mine} username={username} />}
      <ApplicationForm onSent={setMine} again={mine?.state === 'refused'} />
    </>
  );
}

const STATE_WORDS = {
  open: {
    title: 'Your application is waiting for the staff',
    line: 'The staff read every application; you get a mail either way. You can apply again only once this one is decided.',
  },
  approved: { title: 'Your channel is verified', line: 'The verified badge shows beside your name.' },
  refused: { title: 'Your last application was not approved', line: 'You can apply again below.' },
} as const;

function ApplicationState({ application, username }: { application: Application; username: string }) {
  const words = STATE_WORDS[application.state];
  return (
    <section className="lb-apply__state" aria-labelledby="lb-apply-state" data-state={application.state}>
      <h2 id="lb-apply-state">{words.title}</h2>
      <p>
        {application.name}, sent {new Date(application.created_at).toLocaleDateString()}
        {application.decided_at && `, decided ${new Date(application.decided_at).toLocaleDateString()}`}. {words.line}
      </p>
      {application.decision_note && (
        <p>
          Note from the staff: <q>{application.decision_note}</q>
        </p>
      )}
      {application.state === 'approved' && (
        <p>
          <Link href={profilePath(username)}>See your channel</Link>
        </p>
      )}
    </section>
  );
}

function ApplicationForm({ onSent, again }: { onSent: (application: Application) => void; again: boolean }) {
  const { onSubmit, pending, errors } = useFormSubmit(async (data) => {
    onSent(
      await submitApplication({
        name: textOf(data, 'name').trim(),
        links: linesOf(textOf(data, 'links')),
        examples: linesOf(textOf(data, 'examples')),
        why: textOf(data, 'why'),
      }),
    );
  });
  return (
    <section aria-labelledby="lb-apply-form">
      <h2 id="lb-apply-form">{again ? 'Apply again' : 'Your application'}</h2>
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} />
        <Field
          label="Artist or brand name"
          name="name"
          required
          maxLength={APPLICATION_NAME_MAX}
          autoComplete="organization"
          error={errors.fields.name}
        />
        <TextAreaField
          label="Links to you elsewhere"
          name="links"
          required
          rows={3}
          hint={`1 to ${APPLICATION_LINKS_MAX} http or https addresses, one a line: your site, portfolio, social accounts.`}
          error={errors.fields.links}
        />
        <TextAreaField
          label="Examples of your work"
          name="examples"
          required
          rows={4}
          hint={`1 to ${APPLICATION_EXAMPLES_MAX}, one a line: GIF ids or links from ${PROVIDER_NAME}, or other addresses.`}
          error={errors.fields.examples}
        />
        <TextAreaField
          label="Why you want a verified channel"
          name="why"
          required
          rows={5}
          maxLength={APPLICATION_WHY_MAX}
          hint={`At most ${APPLICATION_WHY_MAX} characters.`}
          error={errors.fields.why}
        />
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Sending…">
            Send application
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
