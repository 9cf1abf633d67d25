import type { Studio, StudiosPage as StudiosAnswer } from '@loopbox/contract/artists';
import { channelPath, profilePath, sitePageHead } from '@loopbox/pages';
import { avatarOf } from '../display/avatar.ts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { callBackend } from '../../shared/backend.ts';
import { VerifiedBadge } from '../display/icons.tsx';
import { usePage } from '../data/use-page.ts';
import './studios.css';
import { formatQuantity } from '../../ui/format.ts';

/** `/studios`: the verified artists, brands and studios, each a card linking their profile and their channels. */
export default function StudiosPage() {
  usePage(sitePageHead('studios'), { pagePath: '/studios' });
  const [studios, setStudios] = useState<Studio[]>([]);
  const [total, setTotal] = useState<number>();
  const [failed, setFailed] = useState<string>();
  const [loading, setLoading] = useState(true);

  // Only state setters inside: the same function for the page's life.
  const load = useCallback((offset: number) => {
    setLoading(true);
    setFailed(undefined);
    return callBackend<StudiosAnswer>('GET', `/api/v4/studios/?offset=${offset}`).then(
      (answer) => {
        setStudios((held) => [...held.slice(0, offset), ...answer.data]);
        setTotal(answer.pagination.total_count);
        setLoading(false);
      },
      (error: Error) => {
        setFailed(error.message);
        setLoading(false);
      },
    );
  }, []);
  useEffect(() => {
    void load(0);
  }, [load]);

  return (
    <div className="lb-studios">
      <h1 className="lb-page-header__title">Studios</h1>
      <p>
        Verified artists, brands and studios: their badge means the staff checked who they are. Make GIFs professionally?{' '}
        <a href="/apply">Apply for a verified channel</a>.
      </p>
      <p role="status">{total === undefined ? (loading ? 'Loading…' : '') : formatQuantity(total, 'verified studio')}</p>
      {failed && <p role="alert">Could not load the studios: {failed}</p>}
      <ul className="lb-studios__list" aria-label="Verified studios">
        {studios.map((s) => (
          <li key={s.id} className="lb-studio">
            <img src={avatarOf(s.avatar_url, s.username, '80h')} alt="" width={64} height={64} className="lb-studio__avatar" />
            <div className="lb-studio__body">
              <h2 className="lb-studio__name">
                <Link href={profilePath(s.username)}>{s.display_name || s.username}</Link> <VerifiedBadge />
              </h2>
              <p className="lb-studio__meta">
                @{s.username.toLowerCase()} · {formatQuantity(s.gif_count, 'GIF')}
              </p>
              {s.description && <p className="lb-studio__bio">{s.description}</p>}
              {s.channels.length > 0 && (
                <ul className="lb-studio__channels" aria-label={`Channels of ${s.display_name || s.username}`}>
                  {s.channels.map((ch) => (
                    <li key={ch.slug}>
                      <Link href={channelPath(ch.slug, { shadowed: true })}>{ch.display_name}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
      {total !== undefined && studios.length < total && (
        <button type="button" className="lb-button" disabled={loading} onClick={() => void load(studios.length)}>
          More studios
        </button>
      )}
    </div>
  );
}
