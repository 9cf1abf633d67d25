import {
  channelEditorPath,
  DEVELOPERS_PAGE,
  FAVORITES_PAGE,
  loginPath,
  MODERATION_PAGE,
  OUTBOX_PAGE,
  parseSitePath,
  SETTINGS_PAGE,
} from '@loopbox/pages';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ButtonLink } from '../../ui/Button.tsx';
import { MenuButton } from '../../ui/MenuButton.tsx';
import { callBackend } from '../../shared/backend.ts';
import { reachOf, type LoginState } from '../../shared/login-state.ts';
import { currentPath, useAccount } from './account.tsx';
import { avatarOf } from '../display/avatar.ts';
import { DASHBOARD_LINK, JOIN_LINK, UPLOAD_LINK } from './nav-links.ts';

/**
 * The header's signed-in state: Log in and Join for visitors; for a signed-in user their avatar
 * opening a menu (Favorites, Settings, Log out), plus Upload and Dashboard when the permission
 * table's answer in /login/check grants them (and the outbox and the staff console for whoever may use them).
 * On a phone Join, Upload and Dashboard are hidden here: the header's menu button holds them.
 */
export function AccountSlot() {
  const { state } = useAccount();
  return (
    <div
      className="lb-site-header__account lb-account"
      data-slot="account"
      data-state={state ? (state.user ? 'signed-in' : 'signed-out') : 'loading'}
    >
      {state?.user ? <SignedIn state={state} user={state.user} /> : state ? <SignedOut /> : null}
    </div>
  );
}

/** Pages the login page never returns to: signing in is what they are for. */
const SIGN_IN_PAGES = new Set(['join', 'login', 'password', 'verify-email']);

function SignedOut() {
  const [path] = useLocation();
  const next = SIGN_IN_PAGES.has(parseSitePath(path).page) ? undefined : currentPath();
  return (
    <>
      <ButtonLink href={loginPath(next)}>Log in</ButtonLink>
      <ButtonLink href={JOIN_LINK.href} variant="primary" className="lb-account__wide">
        {JOIN_LINK.label}
      </ButtonLink>
    </>
  );
}

function SignedIn({ state, user }: { state: LoginState; user: NonNullable<LoginState['user']> }) {
  const { refresh } = useAccount();
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState<string>();
  const avatar = useMemo(() => avatarOf(user.avatar_url, user.username, '80h'), [user.avatar_url, user.username]);
  const name = user.display_name || user.username;

  const logOut = async () => {
    setFailed(undefined);
    try {
      await callBackend('DELETE', '/api/v1/session/');
    } catch (error) {
      setFailed((error as Error).message);
      return;
    }
    await refresh();
    navigate('/');
  };

  return (
    <>
      {[UPLOAD_LINK, DASHBOARD_LINK].map(
        (link) =>
          reachOf(state, link.permission) && (
            <ButtonLink key={link.href} href={link.href} className="lb-account__wide">
              {link.label}
            </ButtonLink>
          ),
      )}
      <MenuButton
        label={`Account menu for ${name}`}
        icon={<img src={avatar} alt="" width={34} height={34} className="lb-account__avatar" />}
        className="lb-account__menu-button"
        panelClassName="lb-account__menu"
      >
        <p className="lb-account__who">
          <strong>{name}</strong>
          <span>@{user.username.toLowerCase()}</span>
        </p>
        <ul>
          <li>
            <Link href={FAVORITES_PAGE}>Favorites</Link>
          </li>
          {reachOf(state, 'channel.create') && (
            <li>
              <Link href={channelEditorPath()}>Your channels</Link>
            </li>
          )}
          <li>
            <Link href={DEVELOPERS_PAGE}>Developers</Link>
          </li>
          <li>
            <Link href={SETTINGS_PAGE}>Settings</Link>
          </li>
          {reachOf(state, 'gif.moderate') && (
            <li>
              <Link href={MODERATION_PAGE}>Moderation</Link>
            </li>
          )}
          {reachOf(state, 'mail.read_outbox') && (
            <li>
              <Link href={OUTBOX_PAGE}>Mail outbox</Link>
            </li>
          )}
          <li>
            <button type="button" onClick={() => void logOut()}>
              Log out
            </button>
          </li>
        </ul>
      </MenuButton>
      {failed && (
        <p role="alert" className="lb-account__failed">
          Could not log out: {failed}
        </p>
      )}
    </>
  );
}
