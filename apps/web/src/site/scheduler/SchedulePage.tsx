import './schedule.css';
import { listingHead } from '@loopbox/pages';
import { useCallback, useEffect, useState, type DragEvent, type FormEvent } from 'react';
import { failureText } from '../../shared/backend.ts';
import { DashboardLayout } from '../dashboard/DashboardLayout.tsx';
import type { MyGif } from '../dashboard/my-gifs-api.ts';
import { LibraryMore, LibrarySearch, useMyGifsLibrary } from '../dashboard/my-gifs-library.tsx';
import { usePage } from '../data/use-page.ts';
import { PUBLIC_GIF_ANSWERS, PublicGifQuestion } from './PublicGifChoice.tsx';
import {
  cancelPost,
  fetchActivity,
  fetchSchedule,
  schedulePost,
  type ActivityEntry,
  type PublicGifChoice,
  type ScheduledPost,
} from './schedule-api.ts';
import { Button } from '../../ui/Button.tsx';
import { formatDateTime, formatQuantity } from '../../ui/format.ts';
import { Alert } from '../../ui/Alert.tsx';

/** How often the view asks again, so a post going public shows without a reload. */
const REFRESH_MS = 5_000;
const MINUTE_MS = 60_000;

/** A `datetime-local` value (local time, to the minute) for a moment. */
function localInput(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * MINUTE_MS);
  return local.toISOString().slice(0, 16);
}
const when = (iso: string) => formatDateTime(iso);
/** What the drag of a library GIF carries: its id. */
const GIF_DRAG_TYPE = 'application/x-loopbox-gif';
/** SPEC 3's scheduled GIF, from a GIF of My GIFs. */
const scheduledGif = (g: MyGif) => ({
  id: g.id,
  is_sticker: Boolean(g.is_sticker),
  type: g.type === 'sticker' || g.type === 'video' ? g.type : 'gif',
});
const ACTION_LABEL: Record<ActivityEntry['action'], string> = {
  scheduled: 'Scheduled',
  published: 'Published',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/**
 * The scheduler in the dashboard (/dashboard/schedule): pick GIFs and a time to schedule them, the
 * upcoming posts as a timeline (soonest first; drop a GIF on one to post it at that time too) with a
 * cancel button each, and the activity feed. A GIF that is public now is scheduled only once the
 * creator has said what it does until then: private until the time, or public with only its promotion waiting.
 */
export default function SchedulePage() {
  usePage(listingHead('dashboard-schedule'), { pagePath: '/dashboard/schedule' });
  const library = useMyGifsLibrary();
  const reloadLibrary = library.reload;
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [at, setAt] = useState(() => localInput(new Date(Date.now() + 2 * MINUTE_MS)));
  const [posts, setPosts] = useState<ScheduledPost[]>([]);
  const [activity, setActivity] = useState<ActivityEntry[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [publicChoice, setPublicChoice] = useState<PublicGifChoice | undefined>(undefined);
  /** A public GIF dropped on a time, waiting for the creator's answer. */
  const [pendingDrop, setPendingDrop] = useState<{ gif: MyGif; publishAt: string } | null>(null);

  const refresh = useCallback(async () => {
    const [gifs, stickers, done] = await Promise.all([fetchSchedule('gif'), fetchSchedule('sticker'), fetchActivity(), reloadLibrary()]);
    const byId = new Map([...gifs, ...stickers].map((p) => [p.id, p]));
    setPosts([...byId.values()].sort((a, b) => a.publish_at.localeCompare(b.publish_at)));
    setActivity(done);
  }, [reloadLibrary]);
  useEffect(() => {
    const load = () =>
      refresh().catch((err: unknown) => setMessage({ text: failureText(err, 'The schedule could not be loaded.'), error: true }));
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const gifs = library.gifs.filter((g) => picked.has(g.id)).map(scheduledGif);
    try {
      await schedulePost(gifs, new Date(at), publicPicked > 0 ? publicChoice : undefined);
      setPicked(new Set());
      setPublicChoice(undefined);
      setMessage({ text: `Scheduled ${formatQuantity(gifs.length, 'GIF')} for ${formatDateTime(at)}.`, error: false });
      await refresh();
    } catch (err) {
      setMessage({ text: failureText(err, 'The GIFs could not be scheduled.'), error: true });
    }
  };
  /** A GIF dropped on an upcoming post's time: scheduled for that time too (a post of its own); a public one asks first. */
  const dropOnTime = async (event: DragEvent, publishAt: string) => {
    event.preventDefault();
    const gif = library.gifs.find((g) => g.id === event.dataTransfer.getData(GIF_DRAG_TYPE));
    if (!gif) return;
    if (gif.visibility === 'public') setPendingDrop({ gif, publishAt });
    else await scheduleAt(gif, publishAt);
  };
  const scheduleAt = async (gif: MyGif, publishAt: string, publicGifs?: PublicGifChoice) => {
    setPendingDrop(null);
    try {
      await schedulePost([scheduledGif(gif)], new Date(publishAt), publicGifs);
      setMessage({ text: `Scheduled ${gif.title || gif.id} for ${when(publishAt)}.`, error: false });
    } catch (err) {
      setMessage({ text: failureText(err, 'The GIF could not be scheduled.'), error: true });
    }
    await refresh();
  };
  const cancel = async (id: string) => {
    try {
      await cancelPost(id);
      setMessage({ text: 'Cancelled.', error: false });
    } catch (err) {
      setMessage({ text: failureText(err, 'The post could not be cancelled.'), error: true });
    }
    await refresh();
  };

  const publicPicked = library.gifs.filter((g) => picked.has(g.id) && g.visibility === 'public').length;
  return (
    <DashboardLayout title="Scheduled posts" current="/dashboard/schedule">
      <form className="lb-schedule__form" onSubmit={(e) => void submit(e)} aria-labelledby="schedule-new">
        <h2 id="schedule-new" className="lb-section__title">
          Schedule GIFs
        </h2>
        <fieldset>
          <legend>Your GIFs</legend>
          <LibrarySearch library={library} label="Search your GIFs" />
          <ul className="lb-schedule__library">
            {library.gifs.map((gif) => (
              <li key={gif.id} draggable={gif.visibility !== 'private'} onDragStart={(e) => e.dataTransfer.setData(GIF_DRAG_TYPE, gif.id)}>
                <label className="lb-schedule__pick">
                  <input
                    type="checkbox"
                    checked={picked.has(gif.id)}
                    onChange={() => toggle(gif.id)}
                    disabled={gif.visibility === 'private'}
                  />
                  <img src={gif.images.fixed_width_small?.url ?? gif.images.fixed_width?.url ?? ''} alt="" width={80} height={60} />
                  <span>{gif.title || gif.id}</span>
                  <span className="lb-schedule__visibility">{gif.visibility}</span>
                </label>
              </li>
            ))}
          </ul>
          <LibraryMore library={library} />
        </fieldset>
        <label>
          Publish at
          <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} required />
        </label>
        {publicPicked > 0 && (
          <PublicGifQuestion
            count={publicPicked}
            when={at ? formatDateTime(at) : 'the time'}
            value={publicChoice}
            onChange={setPublicChoice}
          />
        )}
        <Button
          type="submit"
          variant="primary"
          className="lb-schedule__submit"
          disabled={picked.size === 0 || (publicPicked > 0 && !publicChoice)}
        >
          Schedule
        </Button>
        {message && <Alert tone={message.error ? 'error' : 'success'}>{message.text}</Alert>}
      </form>

      <section className="lb-section" aria-labelledby="schedule-upcoming">
        <h2 id="schedule-upcoming" className="lb-section__title">
          Upcoming
        </h2>
        <p>Drag one of your GIFs onto a time to post it then too.</p>
        {posts.length === 0 ? (
          <p>Nothing scheduled.</p>
        ) : (
          <ol className="lb-schedule__timeline">
            {posts.map((post) => (
              <li
                key={post.id}
                className="lb-schedule__post"
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => void dropOnTime(e, post.publish_at)}
              >
                <time dateTime={post.publish_at}>{when(post.publish_at)}</time>
                <span>
                  {post.gifs.map((g) => `${g.gif?.title || g.id}${g.stays_public ? ' (public now; promoted then)' : ''}`).join(', ')}
                </span>
                <Button variant="danger" onClick={() => void cancel(post.id)} aria-label={`Cancel the post at ${when(post.publish_at)}`}>
                  Cancel
                </Button>
                {pendingDrop?.publishAt === post.publish_at && (
                  <fieldset aria-label={`${pendingDrop.gif.title || pendingDrop.gif.id} is public now`} className="lb-schedule__ask">
                    <p>
                      {pendingDrop.gif.title || pendingDrop.gif.id} is public now. Until {when(post.publish_at)}:
                    </p>
                    {PUBLIC_GIF_ANSWERS.map((answer) => (
                      <p key={answer.value}>
                        <Button onClick={() => void scheduleAt(pendingDrop.gif, post.publish_at, answer.value)}>{answer.label}</Button>{' '}
                        {answer.says(when(post.publish_at))}
                      </p>
                    ))}
                    <Button variant="quiet" onClick={() => setPendingDrop(null)}>
                      Don&rsquo;t schedule it
                    </Button>
                  </fieldset>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="lb-section" aria-labelledby="schedule-activity">
        <h2 id="schedule-activity" className="lb-section__title">
          Activity
        </h2>
        <ul className="lb-schedule__activity">
          {activity.map((entry) => (
            <li key={`${entry.post_id}-${entry.action}`}>
              <strong>{ACTION_LABEL[entry.action]}</strong> <time dateTime={entry.at}>{when(entry.at)}</time>:{' '}
              {formatQuantity(entry.gifs.length, 'GIF')} for {when(entry.publish_at)}
              {entry.error ? ` (${entry.error})` : ''}
            </li>
          ))}
        </ul>
      </section>
    </DashboardLayout>
  );
}
