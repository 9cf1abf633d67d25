import { ACCOUNT_ACTIONS, ROLES, type AccountAction } from '@loopbox/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { formatCount, formatDateTime } from '../../ui/format.ts';
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
      <form className="lb-mod-row" onSubmit={lookUp}>
        <TextField label="Username" name="username" required pattern="[A-Za-z0-9_]{2,40}" autoComplete="off" />
        <Button type="submit" disabled={busy}>
          Find
        </Button>
      </form>
      <div role="status" aria-live="polite" className={message?.error ? 'lb-mod-message lb-mod-message--error' : 'lb-mod-message'}>
        {message?.text}
      </div>
      {user && (
        <Card className="lb-mod-user">
          <dl className="lb-mod-facts">
            <dt>User</dt>
            <dd>
              {user.username} (id {user.id}){user.display_name && ` · ${user.display_name}`}
            </dd>
            <dt>Role</dt>
            <dd>{user.role}</dd>
            <dt>Account</dt>
            <dd>
              {user.suspended_at ? `suspended since ${formatDateTime(user.suspended_at)}` : 'active'}
              {user.is_public ? '' : ' · hidden profile'}
            </dd>
            <dt>GIFs</dt>
            <dd>{formatCount(user.gif_count)}</dd>
            <dt>Flags</dt>
            <dd>
              {[
                user.is_verified ? 'verified' : 'not verified',
                user.is_public ? 'public profile' : 'hidden profile',
                user.suppress_chrome ? 'chrome suppressed' : 'chrome shown',
              ].join(' · ')}
            </dd>
          </dl>
          {canFlag && <UserFlagButtons user={user} busy={busy} onChange={flag} />}
          {canChangeRole && (
            <form className="lb-mod-row" onSubmit={setRole}>
              <SelectField key={user.role} name="role" label="New role" choices={namedChoices(ROLES)} defaultValue={user.role} />
              <Button type="submit" disabled={busy}>
                Change role
              </Button>
            </form>
          )}
          <form className="lb-mod-row" onSubmit={act}>
            <SelectField name="action" label="Account action" choices={namedChoices(ACCOUNT_ACTIONS)} />
            <TextField label="Reason (mailed to the person)" name="reason" required maxLength={1000} />
            <Button type="submit" variant="danger" disabled={busy}>
              Apply
            </Button>
          </form>
        </Card>
      )}
    </section>
  );
}
