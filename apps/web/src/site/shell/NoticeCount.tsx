import './notice-count.css';
import { NOTICES_PAGE } from '@loopbox/pages';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fetchNotices, NOTICES_CHANGED } from '../dashboard/notices-api.ts';
import { useAccount } from './account.tsx';

/** The header's link to the signed-in person's notices, with how many are unread (asked again on each navigation). */
export function NoticeCount() {
  const { state } = useAccount();
  const [location] = useLocation();
  const [unread, setUnread] = useState<number>();
  const [asked, setAsked] = useState(0);
  const signedIn = Boolean(state?.user);
  useEffect(() => {
    const again = () => setAsked((n) => n + 1);
    window.addEventListener(NOTICES_CHANGED, again);
    return () => window.removeEventListener(NOTICES_CHANGED, again);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: location and asked are not read on purpose: each navigation, and each change of the notices, asks the count again
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetchNotices(0, 1).then(
      (page) => live && setUnread(page.unread),
      () => live && setUnread(undefined),
    );
    return () => {
      live = false;
    };
  }, [signedIn, location, asked]);
  if (!signedIn || unread === undefined) return null;
  return (
    <Link
      href={NOTICES_PAGE}
      className="lb-notice-count"
      aria-label={unread === 0 ? 'Notices' : `Notices: ${unread} unread`}
      data-unread={unread}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="lb-notice-count__badge" aria-hidden="true">
          {unread}
        </span>
      )}
    </Link>
  );
}
