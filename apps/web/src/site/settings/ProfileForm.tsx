import { useState } from 'react';
import { Field, FormStatus, SubmitButton, TextAreaField, textOf, useFormSubmit } from '../account/form.tsx';
import { BIO_MAX, DISPLAY_NAME_MAX } from '../account/constants.ts';
import { useAccount } from '../shell/account.tsx';
import { Panel } from './Panel.tsx';
import { patchProfile, SOCIAL_NETWORKS, type OwnProfile, type SocialNetwork } from './settings-api.ts';

const NETWORK_NAMES: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitter: 'X / Twitter',
  tumblr: 'Tumblr',
};

/** A bad social link is reported as `social_links` with a message naming the network: shown beside that network's input. */
const linkInput = (field: string, message: string) =>
  field === 'social_links' ? (SOCIAL_NETWORKS.find((n) => message.startsWith(`${n} `)) ?? field) : field;

/** Display name, bio, website and social links: what the public profile shows. */
export function ProfileForm({ profile, onSaved }: { profile: OwnProfile; onSaved: (profile: OwnProfile) => void }) {
  const { refresh } = useAccount();
  const [saved, setSaved] = useState<string>();
  const { onSubmit, pending, errors } = useFormSubmit(async (data) => {
    setSaved(undefined);
    const changes = {
      display_name: textOf(data, 'display_name'),
      description: textOf(data, 'description'),
      website_url: textOf(data, 'website_url'),
      social_links: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, textOf(data, network)])),
    };
    onSaved(await patchProfile(profile.id, { json: changes }));
    setSaved('Profile saved.');
    await refresh();
  }, linkInput);
  return (
    <Panel id="profile" title="Profile" lead={`What people see on /${profile.username}.`}>
      <form className="lb-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormStatus error={errors.form} done={saved} />
        <Field
          label="Display name"
          name="display_name"
          defaultValue={profile.display_name}
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="nickname"
          error={errors.fields.display_name}
        />
        <TextAreaField
          label="Bio"
          name="description"
          defaultValue={profile.description}
          maxLength={BIO_MAX}
          hint={`Up to ${BIO_MAX} characters.`}
          error={errors.fields.description}
        />
        <Field
          label="Website"
          name="website_url"
          type="url"
          defaultValue={profile.website_url}
          placeholder="https://"
          autoComplete="url"
          error={errors.fields.website_url}
        />
        <fieldset>
          <legend>Social links</legend>
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              label={NETWORK_NAMES[network]}
              name={network}
              type="url"
              defaultValue={profile.social_links[network] ?? ''}
              placeholder="https://"
              error={errors.fields[network]}
            />
          ))}
        </fieldset>
        <div className="lb-form__actions">
          <SubmitButton pending={pending} busyText="Saving…">
            Save profile
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
