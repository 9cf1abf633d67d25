import '../account/account.css';
import { accountHead } from '@loopbox/pages';
import { useState } from 'react';
import { useSignedIn } from '../shell/account.tsx';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';
import { AvatarForm } from './AvatarForm.tsx';
import { EmailForm } from './EmailForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SessionsList } from './SessionsList.tsx';
import { fetchProfile, type OwnProfile } from './settings-api.ts';
import { TokensList } from './TokensList.tsx';

const SECTIONS = [
  ['profile', 'Profile'],
  ['avatar', 'Avatar'],
  ['email', 'E-mail'],
  ['password', 'Password'],
  ['sessions', 'Sessions'],
  ['tokens', 'Access tokens'],
] as const;

/** `/settings`: profile, avatar, e-mail address, password, sessions and personal access tokens. */
export default function SettingsPage() {
  usePage(accountHead('settings'), { pagePath: '/settings' });
  const signedIn = useSignedIn();
  const [attempt, setAttempt] = useState(0);
  const userId = signedIn?.userID ?? 0;
  const found = useResource(`settings:${userId}:${attempt}`, () => (userId ? fetchProfile(userId) : new Promise<OwnProfile>(() => {})));
  if (!signedIn || found.status === 'loading') return <PageLoading label="Loading your settings" />;
  if (found.status === 'error')
    return (
      <PageFailed onRetry={() => setAttempt(attempt + 1)}>Your settings could not be loaded: {(found.error as Error).message}</PageFailed>
    );
  return <Settings initial={found.data} />;
}

function Settings({ initial }: { initial: OwnProfile }) {
  const [profile, setProfile] = useState(initial);
  return (
    <div className="lb-account-page lb-account-page--wide">
      <h1>Settings</h1>
      <nav aria-label="Settings sections">
        <ul className="lb-settings-nav">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a className="lb-pill" href={`#${id}`}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileForm profile={profile} onSaved={setProfile} />
      <AvatarForm profile={profile} onSaved={setProfile} />
      <EmailForm profile={profile} onSaved={setProfile} />
      <PasswordForm />
      <SessionsList />
      <TokensList />
    </div>
  );
}
