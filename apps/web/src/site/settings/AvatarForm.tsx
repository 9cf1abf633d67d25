import { avatarOf } from '../display/avatar.ts';
import { useEffect, useId, useState } from 'react';
import { BackendError } from '../../shared/backend.ts';
import { FormStatus, SubmitButton, useFormSubmit } from '../account/form.tsx';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../account/constants.ts';
import { useAccount } from '../shell/account.tsx';
import { Panel } from './Panel.tsx';
import { patchProfile, type OwnProfile } from './settings-api.ts';

const MAX_MB = AVATAR_MAX_BYTES / 1024 / 1024;

/** The avatar: pick a picture, see it before sending, upload it (the server crops it square and makes its renditions). */
export function AvatarForm({ profile, onSaved }: { profile: OwnProfile; onSaved: (profile: OwnProfile) => void }) {
  const { refresh } = useAccount();
  const id = useId();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const current = avatarOf(profile.avatar_url, profile.username, '200h');
  // The preview lives as long as its file is chosen.
  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const { onSubmit, pending, errors } = useFormSubmit(async (data, form) => {
    setSaved(undefined);
    const chosen = data.get('avatar');
    if (!(chosen instanceof File) || chosen.size === 0) throw new BackendError('Choose a picture first', 400, 'avatar', undefined);
    const body = new FormData();
    body.set('avatar', chosen);
    onSaved(await patchProfile(profile.id, { form: body }));
    form.reset();
    setFile(undefined);
    setSaved('New avatar saved.');
    await refresh();
  });
  const error = errors.fields.avatar;
  return (
    <Panel id="avatar" title="Avatar" lead={`A JPEG, PNG, WebP or GIF picture up to ${MAX_MB} MB; it is cropped to a square.`}>
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} done={saved} />
        <div className="lb-avatar-edit">
          <figure>
            <img src={preview ?? current} alt={preview ? 'Preview of the chosen picture' : 'Your avatar'} width={96} height={96} />
          </figure>
          <div className="lb-field">
            <label htmlFor={id} className="lb-field__label">
              Choose a picture
            </label>
            <input
              id={id}
              name="avatar"
              type="file"
              accept={AVATAR_TYPES}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setFile(event.currentTarget.files?.[0])}
            />
            {error && (
              <p id={`${id}-error`} className="lb-field__error">
                {error}
              </p>
            )}
          </div>
        </div>
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Uploading…">
            Upload avatar
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
