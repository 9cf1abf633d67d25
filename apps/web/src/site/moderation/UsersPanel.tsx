import { ACCOUNT_ACTIONS, ROLES, type AccountAction } from '@loopbox/pages';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../../ui/Field.tsx';
import { setUserFlags } from './applications-api.ts';
import { actOnAccount, changeRole, findUser, type FoundUser } from './moderation-api.ts';
import { UserFlagButtons, type FlagChange } from './UserFlagButtons.tsx';
import { namedChoices } from './audit-words.ts';

/**
 * User management for staff: find an account by name, change its role (when the visitor may), set
 * its flags (verified badge, hidden profile, suppressed chrome; when the visitor may), and warn,
 * suspend or restore it with a reason the person is mailed.
 */
export function UsersPanel({ canChangeRole, canFlag }: { canChangeRole: boolean; canFlag: boolean }) {
  const [user, setUser] = useState<FoundUser>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(work: () => Promise<string>) {
    setBusy(true);
    try {
      setMessage({ text: await work(), error: false });
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  }
  const refresh = async (username: string) => {
    const found = await findUser(username);
    setUser(found);
    return found;
  };
  const lookUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = String(new FormData(event.currentTarget).get('username') ?? '').trim();
    setUser(undefined);
    void attempt(async () => `Found ${(await refresh(username)).username}.`);
  };
  const setRole = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    const role = String(new FormData(event.currentTarget).get('role'));
    void attempt(async () => {
      await changeRole(user.id, role);
      await refresh(user.username);
      return `${user.username} is now ${role}.`;
    });
  };
  const flag = ({ flag: name, to, done }: FlagChange) => {
    if (!user) return;
    void attempt(async () => {
      await setUserFlags(user.id, { [name]: to });
      await refresh(user.username);
      return `${user.username}: ${done}.`;
    });
  };
  const act = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    const form = new FormData(event.currentTarget);
    const action = String(form.get('action')) as AccountAction;
    void attempt(async () => {
      const answer = await actOnAccount(user.id, action, String(form.get('reason') ?? '').trim());
      await refresh(user.username);
      return `${user.username}: ${action} done, mailed the reason${answer.suspended ? '; the account is suspended' : ''}.`;
    });
  };

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-users-title">
      <h2 id="lb-mod-users-title">Users</h2>
      <form className="lb-form lb-mod-inline" onSubmit={lookUp}>
        <label>
          Username
          <input type="text" name="username" required pattern="[A-Za-z0-9_]{2,40}" autoComplete="off" />
        </label>
        <button type="submit" className="lb-button" disabled={busy}>
          Find
        </button>
      </form>
      <div role="status" aria-live="polite" className={message?.error ? 'lb-mod-message lb-mod-message--error' : 'lb-mod-message'}>
        {message?.text}
      </div>
      {user && (
        <div className="lb-mod-user">
          <dl className="lb-mod-facts">
            <dt>User</dt>
            <dd>
              {user.username} (id {user.id}){user.display_name && ` · ${user.display_name}`}
            </dd>
            <dt>Role</dt>
            <dd>{user.role}</dd>
            <dt>Account</dt>
            <dd>{user.suspended_at ? `suspended since ${new Date(user.suspended_at).toLocaleString()}` : 'active'}{user.is_public ? '' : ' · hidden profile'}</dd>
            <dt>GIFs</dt>
            <dd>{user.gif_count}</dd>
            <dt>Flags</dt>
            <dd>{[user.is_verified ? 'verified' : 'not verified', user.is_public ? 'public profile' : 'hidden profile', user.suppress_chrome ? 'chrome suppressed' : 'chrome shown'].join(' · ')}</dd>
          </dl>
          {canFlag && <UserFlagButtons user={user} busy={busy} onChange={flag} />}
          {canChangeRole && (
            <form className="lb-form lb-mod-inline" onSubmit={setRole}>
              <SelectField key={user.role} name="role" label="New role" choices={namedChoices(ROLES)} defaultValue={user.role} />
              <button type="submit" className="lb-button" disabled={busy}>
                Change role
              </button>
            </form>
          )}
          <form className="lb-form lb-mod-inline" onSubmit={act}>
            <SelectField name="action" label="Account action" choices={namedChoices(ACCOUNT_ACTIONS)} />
            <label>
              Reason (mailed to the person)
              <input type="text" name="reason" required maxLength={1000} />
            </label>
            <button type="submit" className="lb-button" disabled={busy}>
              Apply
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
