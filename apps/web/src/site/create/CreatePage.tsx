import { CREATE_STEPS, createPath, listingHead, loginPath, type CreateStep } from '@loopbox/pages';
import { virtualPagePath } from '@loopbox/sdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useAccount } from '../shell/account.tsx';
import { usePage } from '../data/use-page.ts';
import { loadFile, loadState, saveFile, saveState, type MakerState } from './maker-state.ts';
import { publishMade, scheduleProblem, type PublishProgress } from './publish.ts';
import { Stage, type Selection } from './Stage.tsx';
import { CaptionStep, DecorateStep, DetailsFields, SourceStep, TrimStep } from './Steps.tsx';
import './create.css';
import { formatDateTime } from '../../ui/format.ts';

const STEP_NAMES: Record<CreateStep, string> = {
  source: 'Source',
  trim: 'Trim',
  caption: 'Caption',
  decorate: 'Decorate',
  details: 'Details',
};

/**
 * The GIF maker (/create, /create/gifmaker/{step}): source → trim → caption → decorate → details.
 * Anyone may try it; the work is kept in the session (a picked file in IndexedDB), so signing in to
 * publish loses nothing. Publishing renders the edit list on the server and uploads the GIF through
 * the creators' pipeline.
 */
export default function CreatePage({ step, stickerTerm }: { step: CreateStep; stickerTerm?: string | undefined }) {
  usePage(listingHead('create'), {
    pagePath: createPath(step, stickerTerm),
    ...(stickerTerm ? { virtualPagePath: virtualPagePath({ kind: 'sticker-search', term: stickerTerm }) } : {}),
  });
  const { state: login } = useAccount();
  const [state, setState] = useState<MakerState>(loadState);
  const [file, setFile] = useState<Blob>();
  const [selected, setSelected] = useState<Selection>();
  const [publishing, setPublishing] = useState<PublishProgress>();
  const change = (update: (s: MakerState) => MakerState) => setState((s) => update(s));
  useEffect(() => saveState(state), [state]);
  // Only a reload needs the stored file (the restored state's source is one); a pick sets it directly.
  const restoredFromFile = useRef(state.source?.kind === 'file');
  useEffect(() => {
    if (restoredFromFile.current) void loadFile().then(setFile);
  }, []);
  const sourceUrl = useMemo(
    () => (state.source?.kind === 'url' ? state.source.url : file ? URL.createObjectURL(file) : undefined),
    [state.source, file],
  );
  useEffect(() => () => (sourceUrl?.startsWith('blob:') ? URL.revokeObjectURL(sourceUrl) : undefined), [sourceUrl]);

  const pickFile = (picked: File) => {
    setFile(picked);
    void saveFile(picked);
    change((s) => ({
      ...s,
      source: { kind: 'file', name: picked.name, video: picked.type.startsWith('video/') },
      sourceDuration: undefined,
      trim: { start: 0, duration: 3 },
    }));
  };
  const pickUrl = (url: string, video: boolean) => {
    void saveFile(undefined);
    change((s) => ({ ...s, source: { kind: 'url', url, video }, sourceDuration: undefined, trim: { start: 0, duration: 3 } }));
  };
  const move = (layer: NonNullable<Selection>, x: number, y: number) =>
    change((s) =>
      layer.kind === 'caption'
        ? { ...s, captions: s.captions.map((c, i) => (i === layer.index ? { ...c, x, y } : c)) }
        : { ...s, stickers: s.stickers.map((l, i) => (i === layer.index ? { ...l, x, y } : l)) },
    );
  const duration = (seconds: number) =>
    change((s) =>
      s.sourceDuration === seconds
        ? s
        : {
            ...s,
            sourceDuration: seconds,
            trim: {
              start: Math.min(s.trim.start, seconds),
              duration: Math.min(s.trim.duration, seconds - Math.min(s.trim.start, seconds)) || seconds,
            },
          },
    );

  const publish = () =>
    publishMade(state, file, setPublishing).catch((err: Error) => setPublishing({ phase: 'failed', error: err.message }));
  const index = CREATE_STEPS.indexOf(step);
  const next = CREATE_STEPS[index + 1];

  return (
    <div className="lb-maker">
      <h1>GIF Maker</h1>
      <nav aria-label="GIF maker steps">
        <ol className="lb-maker__steps">
          {CREATE_STEPS.map((s) => (
            <li key={s}>
              <Link href={createPath(s)} aria-current={s === step ? 'step' : undefined}>
                {STEP_NAMES[s]}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="lb-maker__body">
        <Stage state={state} sourceUrl={sourceUrl} selected={selected} onSelect={setSelected} onMove={move} onDuration={duration} />
        <div className="lb-maker__panel">
          {step === 'source' && <SourceStep onFile={pickFile} onUrl={pickUrl} />}
          {step === 'trim' && <TrimStep state={state} change={change} />}
          {step === 'caption' && <CaptionStep state={state} change={change} selected={selected} onSelect={setSelected} />}
          {step === 'decorate' && (
            <DecorateStep state={state} change={change} selected={selected} onSelect={setSelected} term={stickerTerm} />
          )}
          {step === 'details' && (
            <DetailsFields state={state} change={change}>
              {login && !login.user ? (
                <p>
                  <Link href={loginPath(createPath('details'))}>Log in</Link> or{' '}
                  <Link href={`/join?next=${encodeURIComponent(createPath('details'))}`}>sign up</Link> to publish: your GIF stays here.
                </p>
              ) : (
                <button
                  type="button"
                  className="lb-button"
                  disabled={
                    !state.source || Boolean(scheduleProblem(state.publishAt)) || Boolean(publishing && publishing.phase !== 'failed')
                  }
                  onClick={() => void publish()}
                >
                  {state.publishAt === undefined ? 'Publish' : 'Schedule'}
                </button>
              )}
              {publishing && <p role="status">{publishingStatus(publishing)}</p>}
            </DetailsFields>
          )}
          {next && state.source && (
            <Link className="lb-button" href={createPath(next)}>
              Next: {STEP_NAMES[next]}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

function publishingStatus(p: PublishProgress) {
  if (p.rendering) return 'Making your GIF…';
  if (p.phase === 'failed') return <span className="lb-error">Not published: {p.error}</span>;
  if (p.phase !== 'done' || !p.gifId) return 'Uploading…';
  if (p.scheduledFor)
    return (
      <>
        Scheduled for {formatDateTime(p.scheduledFor)}: <Link href={`/gifs/${p.gifId}`}>see your GIF</Link> (private until then) or{' '}
        <Link href="/dashboard/schedule">your schedule</Link>
      </>
    );
  return (
    <>
      <Link href={`/gifs/${p.gifId}`}>Published: see your GIF</Link>
      {p.notice && <span className="lb-maker__notice"> {p.notice}</span>}
    </>
  );
}
