import './stories.css';
import { listingHead } from '@loopbox/pages';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';
import { StoryCard } from './StoryCard.tsx';
import { fetchLatestStories, fetchTrendingStories, type StorySummary } from './stories-api.ts';

function StoryList({
  id,
  title,
  stories,
  empty,
}: {
  id: string;
  title: string;
  stories: ReturnType<typeof useResource<StorySummary[]>>;
  empty: string;
}) {
  return (
    <section className="lb-section" aria-labelledby={id}>
      <h2 id={id} className="lb-section__title">
        {title}
      </h2>
      {stories.status === 'loading' && <p role="status">Loading…</p>}
      {stories.status === 'error' && <p role="alert">These stories could not be loaded.</p>}
      {stories.status === 'ok' &&
        (stories.data.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <ul className="lb-story-list">
            {stories.data.map((s) => (
              <StoryCard key={s.story_id} story={s} />
            ))}
          </ul>
        ))}
    </section>
  );
}

/** `/stories`: the stories staff put into trending, then the latest published ones. */
export default function StoriesPage() {
  usePage(listingHead('stories'), { pagePath: '/stories' });
  const trending = useResource('stories:trending', fetchTrendingStories);
  const latest = useResource('stories:latest', () => fetchLatestStories());
  return (
    <div>
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">Stories</h1>
        <p className="lb-page-header__count">Stories told in GIFs.</p>
      </header>
      <StoryList id="stories-trending" title="Trending stories" stories={trending} empty="No trending stories right now." />
      <StoryList id="stories-latest" title="Latest stories" stories={latest} empty="No stories yet." />
    </div>
  );
}
