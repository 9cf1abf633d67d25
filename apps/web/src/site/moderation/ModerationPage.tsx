import './moderation.css';
import { listingHead, MODERATION_PAGE } from '@loopbox/pages';
import { useState } from 'react';
import { reachOf } from '../../shared/login-state.ts';
import ErrorPage from '../errors/ErrorPage.tsx';
import { useSignedIn } from '../shell/account.tsx';
import { PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { ApplicationsPanel } from './ApplicationsPanel.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { QueuePanel } from './QueuePanel.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { SearchReportsPanel } from './SearchReportsPanel.tsx';
import { TakedownPanel } from './TakedownPanel.tsx';
import { TrendingPanel } from './TrendingPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';

type Section = 'queue' | 'search-reports' | 'search' | 'takedown' | 'users' | 'applications' | 'audit' | 'trending';

/** The console's sections in order, each shown to whoever holds its permission. */
const SECTIONS: { id: Section; label: string; action: string }[] = [
  { id: 'queue', label: 'Review queue', action: 'gif.moderate' },
  { id: 'search-reports', label: 'Reported searches', action: 'gif.moderate' },
  { id: 'search', label: 'Search', action: 'content.search_all' },
  { id: 'takedown', label: 'Takedown', action: 'takedown.file' },
  { id: 'users', label: 'Users', action: 'account.moderate' },
  { id: 'applications', label: 'Channel applications', action: 'application.review' },
  { id: 'audit', label: 'Audit trail', action: 'gif.moderate' },
  { id: 'trending', label: 'Trending searches', action: 'trending.block' },
];

/**
 * `/dashboard/moderation`, the staff console (moderators and staff; the server answers anyone else
 * with the 403 page, and so does this page when reached inside the app): the review queue with its
 * keys, the reported searches, the search service with its CSV, takedowns, user management, the audit trail and trending
 * terms. Each section shows by the permission table's answer for the visitor, never by role name.
 */
export default function ModerationPage() {
  usePage(listingHead('dashboard-moderation'), { pagePath: MODERATION_PAGE });
  const signedIn = useSignedIn();
  const [section, setSection] = useState<Section>('queue');
  if (!signedIn) return <PageLoading label="Loading the console" />;
  if (!reachOf(signedIn, 'gif.moderate')) return <ErrorPage status={403} />;
  const shown = SECTIONS.filter((s) => reachOf(signedIn, s.action));
  return (
    <div className="lb-mod">
      <h1>Moderation</h1>
      <nav aria-label="Console sections" className="lb-tabs lb-mod-nav">
        {shown.map((s) => (
          <button key={s.id} type="button" className="lb-tab" aria-pressed={s.id === section} onClick={() => setSection(s.id)}>
            {s.label}
          </button>
        ))}
      </nav>
      {section === 'queue' && <QueuePanel />}
      {section === 'search-reports' && <SearchReportsPanel />}
      {section === 'search' && <SearchPanel />}
      {section === 'takedown' && <TakedownPanel />}
      {section === 'users' && (
        <UsersPanel canChangeRole={reachOf(signedIn, 'role.change') === 'any'} canFlag={reachOf(signedIn, 'user.flag') === 'any'} />
      )}
      {section === 'applications' && <ApplicationsPanel />}
      {section === 'audit' && <AuditPanel />}
      {section === 'trending' && <TrendingPanel />}
    </div>
  );
}
