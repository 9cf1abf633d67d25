import { FAVORITES_PAGE, gifPath, loginPath } from '@loopbox/pages';
import type { IGif } from '@loopbox/sdk';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { FAVORITE_REF } from '../../embed/constants.ts';
import { isFavorite, setFavorite } from '../favorites/favorites-api.ts';
import { useAccount } from '../shell/account.tsx';
import { useSite } from '../shell/site-context.tsx';

/** The GIF page's address with the embed's favorite link query (SPEC 7.7): `?ref=fave`. */
const favoriteLinkPath = (gif: IGif) => `${gifPath(gif)}?ref=${FAVORITE_REF}`;
const cameByFavoriteLink = () => new URLSearchParams(location.search).get('ref') === FAVORITE_REF;

/**
 * Favorite / unfavorite a GIF (a toggle button). A visitor who is not signed in goes to the login
 * page, which brings them back with `?ref=fave`; arriving with `?ref=fave` (that return, or the
 * embed's favorite link) favorites the GIF once signed in, and the query is dropped from the address.
 */
export function FavoriteButton({ gif }: { gif: IGif }) {
  const { state } = useAccount();
  const { sendAction } = useSite();
  const [, navigate] = useLocation();
  const [favorite, setState] = useState<boolean>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fromLink = useRef(cameByFavoriteLink());
  const signedIn = Boolean(state?.user);
  // Addresses, not the GIF object: the effect runs again for another GIF, not for a new object of the same one.
  const pagePath = gifPath(gif);
  const loginToFavorite = loginPath(favoriteLinkPath(gif));

  useEffect(() => {
    if (!state) return;
    if (!signedIn) {
      if (fromLink.current) navigate(loginToFavorite, { replace: true });
      return;
    }
    let live = true;
    const arrivedToFavorite = fromLink.current;
    fromLink.current = false;
    if (arrivedToFavorite) history.replaceState(history.state, '', pagePath);
    (arrivedToFavorite ? setFavorite(gif.id, true) : isFavorite(gif.id)).then(
      (now) => {
        if (!live) return;
        setState(now);
        if (arrivedToFavorite) setMessage('Added to your favorites.');
      },
      (error: unknown) => live && setMessage(`Could not load your favorite: ${(error as Error).message}`),
    );
    return () => {
      live = false;
    };
  }, [state, signedIn, gif.id, pagePath, loginToFavorite, navigate]);

  if (state && !signedIn) {
    return (
      <p className="lb-favorite">
        <Link href={loginToFavorite} className="lb-button">
          <HeartIcon filled={false} /> Favorite
        </Link>
      </p>
    );
  }
  const toggle = async () => {
    if (busy || favorite === undefined) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const now = await setFavorite(gif.id, !favorite);
      setState(now);
      sendAction('Click', 'Favorite', gif.id);
      setMessage(now ? 'Added to your favorites.' : 'Removed from your favorites.');
    } catch (error) {
      setMessage(`Could not change your favorite: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="lb-favorite">
      <button
        type="button"
        className={favorite ? 'lb-button lb-favorite--on' : 'lb-button'}
        aria-pressed={favorite ?? false}
        aria-disabled={favorite === undefined || busy || undefined}
        onClick={() => void toggle()}
      >
        <HeartIcon filled={favorite === true} /> Favorite
      </button>
      <span role="status" className="lb-favorite__status">
        {message}
        {message && favorite && (
          <>
            {' '}
            <Link href={FAVORITES_PAGE}>See your favorites</Link>
          </>
        )}
      </span>
    </p>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.2 0 3.9 1.4 5.2 3.1 1.3-1.7 3-3.1 5.2-3.1 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? '#ff6666' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
