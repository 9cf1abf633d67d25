import { channelEditorPath, DASHBOARD_PAGE, DEVELOPERS_PAGE, FAVORITES_PAGE, JOIN_PAGE, loginPath, MODERATION_PAGE, OUTBOX_PAGE, parseSitePath, SETTINGS_PAGE, UPLOAD_PAGE } from '@loopbox/pages';
import { getAvatarUrl } from '@loopbox/sdk';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { callBackend } from '../../shared/backend.ts';
import { reachOf, type LoginState } from '../../shared/login-state.ts';
import { currentPath, useAccount } from './account.tsx';

/**
 * The header's signed-in state: Log in and Join for visitors; for a signed-in user their avatar
 * opening a menu (Favorites, Settings, Log out), plus Upload and Dashboard when the permission
 * table's answer in /login/check grants them (and the outbox and the staff console for whoever may use them).
 */
export function AccountSlot() {
  const { state } = useAccount();
  return (
    <div className="lb-site-header__account lb-account" data-slot="account" data-state={state ? (state.user ? 'signed-in' : 'signed-out') : 'loading'}>
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
      <Link href={loginPath(next)} className="lb-button">
        Log in
      </Link>
      <Link href={JOIN_PAGE} className="lb-button lb-button--primary lb-account__wide">
        Join
      </Link>
    </>
  );
}

function SignedIn({ state, user }: { state: LoginState; user: NonNullable<LoginState['user']> }) {
  const { refresh } = useAccount();
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<string>();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const avatar = useMemo(() => getAvatarUrl(user.avatar_url, { rendition: '80h' }), [user.avatar_url]);
  const name = user.display_name || user.username;

  // A navigation closes the menu; so do a click outside it and Escape (focus back on the button).
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

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

  const upload = reachOf(state, 'gif.upload') && (
    <Link href={UPLOAD_PAGE} className="lb-button">
      Upload
    </Link>
  );
  const dashboard = reachOf(state, 'dashboard.open') && (
    <Link href={DASHBOARD_PAGE} className="lb-button">
      Dashboard
    </Link>
  );
  return (
    <div className="lb-account__signed-in" ref={box}>
      {upload && <span className="lb-account__wide">{upload}</span>}
      {dashboard && <span className="lb-account__wide">{dashboard}</span>}
      <button
        ref={button}
        type="button"
        className="lb-account__avatar-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <img src={avatar} alt="" width={34} height={34} className="lb-account__avatar" />
        <span className="lb-visually-hidden">Account menu for {name}</span>
      </button>
      <div id={menuId} className="lb-account__menu" hidden={!open}>
        <p className="lb-account__who">
          <strong>{name}</strong>
          <span>@{user.username.toLowerCase()}</span>
        </p>
        <ul>
          {upload && <li className="lb-account__narrow">{upload}</li>}
          {dashboard && <li className="lb-account__narrow">{dashboard}</li>}
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
        {failed && <p role="alert">Could not log out: {failed}</p>}
      </div>
    </div>
  );
}
