import type { PasswordChanged } from '@loopbox/contract/accounts';
import { useState } from 'react';
import { FormStatus, PasswordField, SubmitButton, textOf, useFormSubmit } from '../account/form.tsx';
import { PASSWORD_MIN } from '../account/constants.ts';
import { backendData } from '../../shared/backend.ts';
import { Panel } from './Panel.tsx';
import { formatQuantity } from '../../ui/format.ts';

/** Changing the password: the current one, then the new one; every other session is signed out. */
export function PasswordForm() {
  const [done, setDone] = useState<string>();
  const { onSubmit, pending, errors } = useFormSubmit(async (data, form) => {
    setDone(undefined);
    const { sessions_ended } = await backendData<PasswordChanged>('POST', '/api/v3/password/change', {
      json: { current_password: textOf(data, 'current_password'), new_password: textOf(data, 'new_password') },
    });
    form.reset();
    setDone(
      `Password changed.${sessions_ended > 0 ? ` ${formatQuantity(sessions_ended, { one: 'other session was', other: 'other sessions were' })} signed out.` : ''}`,
    );
  });
  return (
    <Panel id="password" title="Password" lead="Changing it signs out every other session.">
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} done={done} />
        <PasswordField
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          required
          error={errors.fields.current_password}
        />
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={errors.fields.new_password}
        />
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Saving…">
            Change password
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
