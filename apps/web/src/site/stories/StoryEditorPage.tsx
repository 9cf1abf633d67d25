import './stories.css';
import { listingHead, storyPath } from '@loopbox/pages';
import { useCallback, useEffect, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { failureText } from '../../shared/backend.ts';
import { useSignedIn } from '../shell/account.tsx';
import { usePage } from '../data/use-page.ts';
import { DashboardLayout } from '../dashboard/DashboardLayout.tsx';
import type { MyGif } from '../dashboard/my-gifs-api.ts';
import { LibraryMore, LibrarySearch, useMyGifsLibrary } from '../dashboard/my-gifs-library.tsx';
import { fetchStory, fetchUserStories, saveStory, thumbnailOf, type Story, type StoryDraft, type StorySummary } from './stories-api.ts';
import { Button } from '../../ui/Button.tsx';
import { occurrenceKeys } from '../../ui/list-keys.ts';
import { Check } from '../../ui/Field.tsx';
import { Alert } from '../../ui/Alert.tsx';

interface Frame {
  gif_id: string;
  caption: string;
  src: string;
  title: string;
}

const EMPTY: StoryDraft = { title: '', description: '', cover_gif_id: null, gifs: [], is_published: false };
const thumbOf = (images: MyGif['images']) => images.fixed_width_small?.url ?? images.fixed_width?.url ?? images.original?.url ?? '';

/** Moves one item of a list to another place. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The story editor (/dashboard/stories): the creator's stories, and one story's title, description
 * and GIFs picked from My GIFs, reordered by drag (or the arrow buttons), captioned, one starred as
 * the cover; saved as a draft, previewed, published.
 */
export default function StoryEditorPage() {
  usePage(listingHead('dashboard-stories'), { pagePath: '/dashboard/stories' });
  const signedIn = useSignedIn();
  const username = signedIn?.user.username;
  const [mine, setMine] = useState<StorySummary[]>([]);
  const library = useMyGifsLibrary();
  const [draft, setDraft] = useState<StoryDraft>(EMPTY);
  const [frames, setFrames] = useState<Frame[]>([]);
  const [saved, setSaved] = useState<Story | null>(null);
  const [preview, setPreview] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  // A story can hold the same GIF twice; a frame keeps its key when it is moved.
  const frameKeys = occurrenceKeys(frames, (f) => f.gif_id);

  const reload = useCallback(() => {
    if (username) void fetchUserStories(username).then(setMine, () => setMine([]));
  }, [username]);
  useEffect(reload, [reload]);

  const open = async (id: string) => {
    const story = await fetchStory(id);
    setSaved(story);
    setDraft({
      story_id: story.story_id,
      title: story.title,
      description: story.description,
      cover_gif_id: story.cover_gif?.id ?? null,
      gifs: [],
      is_published: story.is_published,
    });
    setFrames(
      story.gifs.map((g) => ({
        gif_id: g.gif.id,
        caption: g.caption,
        src: thumbnailOf(g.gif),
        title: g.gif.title,
      })),
    );
    setMessage(null);
  };
  const startNew = () => {
    setDraft(EMPTY);
    setFrames([]);
    setSaved(null);
    setMessage(null);
  };
  const add = (gif: MyGif) => setFrames((f) => [...f, { gif_id: gif.id, caption: '', src: thumbOf(gif.images), title: gif.title }]);
  const setCaption = (i: number, caption: string) => setFrames((f) => f.map((frame, j) => (j === i ? { ...frame, caption } : frame)));
  const drop = (to: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragging !== null && dragging !== to) setFrames((f) => moved(f, dragging, to));
    setDragging(null);
  };

  const save = async (publish: boolean) => {
    try {
      const story = await saveStory({
        ...draft,
        is_published: publish || draft.is_published,
        gifs: frames.map((f) => ({ gif_id: f.gif_id, caption: f.caption })),
      });
      setSaved(story);
      setDraft((d) => ({ ...d, story_id: story.story_id, is_published: story.is_published }));
      setMessage({ text: story.is_published ? 'Published.' : 'Draft saved.', error: false });
      reload();
    } catch (err) {
      setMessage({ text: failureText(err, 'The story could not be saved.'), error: true });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  return (
    <DashboardLayout title="Your stories" current="/dashboard/stories">
      <section className="lb-section" aria-labelledby="my-stories">
        <h2 id="my-stories" className="lb-section__title">
          Stories
        </h2>
        <Button variant="primary" onClick={startNew}>
          New story
        </Button>
        <ul className="lb-story-editor__mine">
          {mine.map((s) => (
            <li key={s.story_id}>
              <Button variant="quiet" onClick={() => void open(s.story_id)}>
                {s.title}
              </Button>{' '}
              {s.is_published ? <Link href={storyPath(s.slug)}>published</Link> : <span>draft</span>}
            </li>
          ))}
        </ul>
      </section>

      <form className="lb-story-editor" onSubmit={submit} aria-labelledby="story-editor-title">
        <h2 id="story-editor-title" className="lb-section__title">
          {draft.story_id ? 'Edit story' : 'New story'}
        </h2>
        <label>
          Title
          <input
            name="title"
            required
            maxLength={140}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          />
        </label>
        <label>
          Description
          <textarea
            name="description"
            maxLength={2000}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </label>

        <fieldset>
          <legend>GIFs in this story (drag to reorder)</legend>
          {frames.length === 0 && <p>Add GIFs from your library below.</p>}
          <ol className="lb-story-editor__frames">
            {frames.map((frame, i) => (
              <li
                key={frameKeys[i]}
                className="lb-story-editor__frame"
                draggable
                onDragStart={() => setDragging(i)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={drop(i)}
              >
                <img src={frame.src} alt={frame.title || `GIF ${i + 1}`} width={100} height={75} />
                <label>
                  Caption for GIF {i + 1}
                  <input value={frame.caption} maxLength={280} onChange={(e) => setCaption(i, e.target.value)} />
                </label>
                <Check
                  type="radio"
                  name="cover"
                  label="Cover"
                  checked={draft.cover_gif_id === frame.gif_id}
                  onChange={() => setDraft({ ...draft, cover_gif_id: frame.gif_id })}
                />
                <Button
                  variant="icon"
                  aria-label={`Move GIF ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => setFrames((f) => moved(f, i, i - 1))}
                >
                  ↑
                </Button>
                <Button
                  variant="icon"
                  aria-label={`Move GIF ${i + 1} down`}
                  disabled={i === frames.length - 1}
                  onClick={() => setFrames((f) => moved(f, i, i + 1))}
                >
                  ↓
                </Button>
                <Button variant="danger" aria-label={`Remove GIF ${i + 1}`} onClick={() => setFrames((f) => f.filter((_, j) => j !== i))}>
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        </fieldset>

        <div className="lb-story-editor__actions">
          <Button type="submit">Save draft</Button>
          <Button onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
            Preview
          </Button>
          <Button variant="primary" onClick={() => void save(true)}>
            Publish
          </Button>
          {saved?.is_published && <Link href={storyPath(saved.slug)}>View the story</Link>}
        </div>
        {message && <Alert tone={message.error ? 'error' : 'success'}>{message.text}</Alert>}
      </form>

      {preview && (
        <section className="lb-section lb-story" aria-labelledby="story-preview">
          <h2 id="story-preview" className="lb-section__title">
            Preview: {draft.title || 'Untitled'}
          </h2>
          <ol className="lb-story__frames">
            {frames.map((frame, i) => (
              <li key={frameKeys[i]} className="lb-story-frame">
                <figure>
                  <img src={frame.src} alt={frame.title || `GIF ${i + 1}`} />
                  {frame.caption && <figcaption className="lb-story-frame__caption">{frame.caption}</figcaption>}
                </figure>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="lb-section" aria-labelledby="story-library">
        <h2 id="story-library" className="lb-section__title">
          Your GIFs
        </h2>
        <LibrarySearch library={library} label="Search your GIFs" />
        <ul className="lb-story-editor__library">
          {library.gifs.map((gif) => (
            <li key={gif.id}>
              <img src={thumbOf(gif.images)} alt="" width={100} height={75} />
              <Button onClick={() => add(gif)} aria-label={`Add ${gif.title || gif.id} to the story`}>
                Add
              </Button>
            </li>
          ))}
        </ul>
        <LibraryMore library={library} />
      </section>
    </DashboardLayout>
  );
}
