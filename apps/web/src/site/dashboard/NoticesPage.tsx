import './notices.css';
import { listingHead, NOTICES_PAGE } from '@loopbox/pages';
import { useState } from 'react';
import { Link } from 'wouter';
import { GifStateBadge } from '../display/GifStateBadge.tsx';
import { useSignedIn } from '../shell/account.tsx';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { fetchNotices, markAllNoticesRead, markNoticeRead, type Notice } from './notices-api.ts';
import { Button } from '../../ui/Button.tsx';
import { formatCount, formatDateTime } from '../../ui/format.ts';
import { Alert } from '../../ui/Alert.tsx';

const PAGE = 25;

function NoticeItem({ notice, onRead }: { notice: Notice; onRead(): void }) {
  return (
    <li className="lb-upload-item lb-notice" data-notice-id={notice.id} data-kind={notice.kind} data-read={notice.read}>
      <p className="lb-gif-item__state">
        <strong>{notice.headline}</strong>
        {!notice.read && <span className="lb-notice__new">New</span>}
      </p>
      <p>
        <Link href={notice.gif.url}>“{notice.gif.title || 'Untitled'}”</Link>
        {notice.gif.state && (
          <>
            {' '}
            <GifStateBadge state={notice.gif.state} />
          </>
        )}
      </p>
      <p>
        Reason: {notice.reason || 'none given'}
        {notice.rating && ` · new rating ${notice.rating.toUpperCase()}`}
      </p>
      <p className="lb-gif-item__meta">
        {formatDateTime(notice.created_at)}
        {!notice.read && (
          <>
            {' · '}
            <Button onClick={onRead}>Mark read</Button>
          </>
        )}
      </p>
    </li>
  );
}

/** `/dashboard/notices`: what moderators and staff did to the signed-in person's GIFs and why, newest first, marked read one by one or all. */
export default function NoticesPage() {
  usePage(listingHead('dashboard-notices'), { pagePath: NOTICES_PAGE });
  const signedIn = useSignedIn();
  const [offset, setOffset] = useState(0);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string>();
  const notices = useResource(`notices:${offset}:${version}`, () => fetchNotices(offset, PAGE));
  const reload = () => setVersion((v) => v + 1);
  const act = (action: () => Promise<unknown>) => void action().then(reload, (err: Error) => setError(err.message));
  return (
    <DashboardLayout title="Notices" current={NOTICES_PAGE}>
      {!signedIn || notices.status === 'loading' ? (
        <PageLoading label="Loading your notices" />
      ) : notices.status === 'error' ? (
        <PageFailed onRetry={reload}>Your notices could not be loaded: {(notices.error as Error).message}</PageFailed>
      ) : (
        <>
          <p role="status">
            {notices.data.pagination.total_count === 0
              ? 'No notices yet: you are told here when moderators or staff act on your GIFs.'
              : `${formatCount(notices.data.unread)} unread of ${formatCount(notices.data.pagination.total_count)}`}
          </p>
          {error && <Alert>{error}</Alert>}
          {notices.data.unread > 0 && (
            <p>
              <Button variant="primary" onClick={() => act(markAllNoticesRead)}>
                Mark all read
              </Button>
            </p>
          )}
          <ul className="lb-gif-list" aria-label="Notices">
            {notices.data.data.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onRead={() => act(() => markNoticeRead(notice.id))} />
            ))}
          </ul>
          <nav aria-label="Pages" className="lb-filters">
            {offset > 0 && <Button onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</Button>}
            {offset + PAGE < notices.data.pagination.total_count && <Button onClick={() => setOffset(offset + PAGE)}>Older</Button>}
          </nav>
        </>
      )}
    </DashboardLayout>
  );
}
