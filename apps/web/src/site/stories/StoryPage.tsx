import './stories.css';
import { embedCode, gifPath, profilePath, storyHead, storyPath } from '@loopbox/pages';
import { Link } from 'wouter';
import { CopyField } from '../display/CopyField.tsx';
import { usePage } from '../data/use-page.ts';
import { occurrenceKeys } from '../../ui/list-keys.ts';
import { useResource } from '../data/use-resource.ts';
import ErrorPage from '../errors/ErrorPage.tsx';
import { fetchStoryBySlug, pictureOf, type Story, type StoryGif } from './stories-api.ts';

/** One GIF of a story with its caption, a link to its page and its embed code. */
function StoryFrame({ gif, caption, index }: { gif: StoryGif; caption: string; index: number }) {
  const picture = pictureOf(gif);
  const original = gif.images.original;
  const code = embedCode({
    embedUrl: gif.embed_url,
    pageUrl: `${location.origin}${gifPath(gif)}`,
    width: Number(original?.width) || picture.width,
    height: Number(original?.height) || picture.height,
  });
  return (
    <li className="lb-story-frame">
      <figure>
        <Link href={gifPath(gif)}>
          <img src={picture.src} width={picture.width} height={picture.height} alt={gif.alt_text || gif.title || `GIF ${index + 1}`} />
        </Link>
        {caption && <figcaption className="lb-story-frame__caption">{caption}</figcaption>}
      </figure>
      <details className="lb-story-frame__embed">
        <summary>Embed this GIF</summary>
        <CopyField label={`Embed code for GIF ${index + 1}`} value={code} multiline />
      </details>
    </li>
  );
}

function StoryView({ story }: { story: Story }) {
  const { gifs } = story;
  // A story can hold the same GIF twice.
  const frameKeys = occurrenceKeys(gifs, (g) => g.gif.id);
  return (
    <article className="lb-story">
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">{story.title}</h1>
        {story.user && (
          <p className="lb-page-header__count">
            by <Link href={profilePath(story.user.username)}>@{story.user.username.toLowerCase()}</Link>
          </p>
        )}
        {story.description && <p className="lb-story__description">{story.description}</p>}
      </header>
      <ol className="lb-story__frames">
        {gifs.map((g, i) => (
          <StoryFrame key={frameKeys[i]} gif={g.gif} caption={g.caption} index={i} />
        ))}
      </ol>
      <section className="lb-section" aria-labelledby="story-share">
        <h2 id="story-share" className="lb-section__title">
          Share this story
        </h2>
        <CopyField label="Link to this story" value={`${location.origin}${storyPath(story.slug)}`} />
      </section>
    </article>
  );
}

/** `/stories/{slug}`: a published story, each GIF with its caption; a page view of the stories page type. */
export default function StoryPage({ slug }: { slug: string }) {
  const story = useResource(`story:${slug}`, () => fetchStoryBySlug(slug));
  usePage(
    story.status === 'ok'
      ? storyHead({ title: story.data.title, description: story.data.description, username: story.data.user?.username })
      : undefined,
    story.status === 'ok' ? { pagePath: storyPath(slug) } : undefined,
  );
  if (story.status === 'loading') return <p role="status">Loading…</p>;
  if (story.status === 'error') return <ErrorPage status={404} />;
  return <StoryView story={story.data} />;
}
