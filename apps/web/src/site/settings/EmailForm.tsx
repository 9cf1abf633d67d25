import { useState } from 'react';
import { Field, FormStatus, PasswordField, SubmitButton, textOf, useFormSubmit } from '../account/form.tsx';
import { ResendLink } from '../account/ResendLink.tsx';
import { Panel } from './Panel.tsx';
import { patchProfile, type OwnProfile } from './settings-api.ts';

/** The e-mail address: whether it is confirmed, a fresh link, and a change (needs the password; the new address confirms it). */
export function EmailForm({ profile, onSaved }: { profile: OwnProfile; onSaved: (profile: OwnProfile) => void }) {
  const [pending, setPendingAddress] = useState<string>();
  const form = useFormSubmit(async (data, element) => {
    setPendingAddress(undefined);
    const changed = await patchProfile(profile.id, { json: { email: textOf(data, 'email').trim() }, password: textOf(data, 'password') });
    onSaved(changed);
    element.reset();
    setPendingAddress(changed.email_change_pending);
  });
  return (
    <Panel id="email" title="E-mail address">
      <p>
        <strong>{profile.email}</strong> {profile.email_verified ? '(confirmed)' : '(not confirmed yet)'}
      </p>
      {!profile.email_verified && <ResendLink />}
      <form className="lb-form" onSubmit={form.onSubmit} noValidate aria-busy={form.pending}>
        <FormStatus error={form.errors.form} done={pending && `We sent a link to ${pending}. Your address changes once you open it.`} />
        <Field label="New e-mail address" name="email" type="email" autoComplete="email" required error={form.errors.fields.email} />
        <PasswordField
          label="Your password"
          name="password"
          autoComplete="current-password"
          required
          hint="To make sure it is you."
          error={form.errors.fields.password}
        />
        <div className="lb-form__actions">
          <SubmitButton pending={form.pending} busyText="Saving…">
            Change e-mail address
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
