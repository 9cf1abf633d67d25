import { storyPath } from '@loopbox/pages';
import { Link } from 'wouter';
import { pictureOf, type StorySummary } from './stories-api.ts';
import { formatQuantity } from '../../ui/format.ts';

/** A story in a listing: its cover, title, author and length, linking to its page. */
export function StoryCard({ story }: { story: StorySummary }) {
  const cover = story.cover_gif ? pictureOf(story.cover_gif) : undefined;
  return (
    <li className="lb-story-card">
      <Link href={storyPath(story.slug)} className="lb-story-card__link">
        {cover ? (
          <img className="lb-story-card__cover" src={cover.src} width={cover.width} height={cover.height} alt="" loading="lazy" />
        ) : (
          <span className="lb-story-card__cover lb-story-card__cover--empty" />
        )}
        <span className="lb-story-card__title">{story.title}</span>
      </Link>
      <span className="lb-story-card__meta">
        {story.user ? `@${story.user.username.toLowerCase()} · ` : ''}
        {formatQuantity(story.gif_count, 'GIF')}
      </span>
    </li>
  );
}
