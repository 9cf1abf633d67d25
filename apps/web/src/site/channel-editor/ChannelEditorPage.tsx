import './channel-editor.css';
import { channelEditorHead, channelEditorPath } from '@loopbox/pages';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { ChannelMoved, Channel as WireChannel } from '@loopbox/contract/channels';
import { asChannel, channelHref, fetchChildren, type Channel } from '../channel/channel-api.ts';
import { createLatestOnly } from '../data/latest-only.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';
import { ChannelFields } from './ChannelFields.tsx';
import { ChannelTree } from './ChannelTree.tsx';
import { channelById, myChannels, send, whoAmI, type Me } from './editor-api.ts';
import { FeedEditor } from './FeedEditor.tsx';
import { JobNotice } from './JobNotice.tsx';
import { TagsEditor } from './TagsEditor.tsx';
import { flatten, type TreeNode } from './tree.ts';
import { useJob } from './use-job.ts';

/** The caller's channel trees, read root by root, child by child. */
async function loadTree(): Promise<TreeNode[]> {
  const grow = async (channel: Channel): Promise<TreeNode> => ({
    id: channel.id,
    parent: channel.parent ?? null,
    display_name: channel.display_name,
    slug: channel.slug,
    children: channel.has_children ? await Promise.all((await fetchChildren(channel.id)).map(grow)) : [],
  });
  return Promise.all((await myChannels()).map(grow));
}

/**
 * The channel editor (`/dashboard/channels`): the caller's channel trees (drag to reorder or move,
 * or the arrows), a form for new channels, and for the selected one its details, feed, ranked and
 * magic tags; update jobs are followed with SPEC 9's polling.
 */
export default function ChannelEditorPage() {
  usePage(channelEditorHead(), { pagePath: channelEditorPath() });
  const me = useResource('editor-me', whoAmI);
  if (me.status === 'loading') return <PageLoading label="Loading your channels" />;
  if (me.status === 'error' || !me.data.loggedInStatus)
    return <PageFailed onRetry={() => location.reload()}>Your channels could not be loaded. Are you signed in?</PageFailed>;
  return <Editor me={me.data} />;
}

function Editor({ me }: { me: Me }) {
  const [tree, setTree] = useState<TreeNode[]>();
  const [selected, setSelected] = useState<number>();
  const [channel, setChannel] = useState<Channel>();
  const [problem, setProblem] = useState<string>();
  // Reloads overlap (a change, a job's end, a new selection): the last one asked for wins, and it
  // reads the channel selected now, not the one selected when the change that asked for it began.
  const treeReads = useRef(createLatestOnly()).current;
  const channelReads = useRef(createLatestOnly()).current;
  const selection = useRef(selected);
  selection.current = selected;
  const reloadTree = useCallback(() => treeReads.apply(loadTree(), setTree, (err) => setProblem(err.message)), [treeReads]);
  const reloadChannel = useCallback(() => {
    if (selection.current !== undefined)
      void channelReads.apply(channelById(selection.current), setChannel, (err) => setProblem(err.message));
  }, [channelReads]);
  const job = useJob(reloadChannel);
  const clearJob = job.clear;
  /** After a change went through: an earlier refusal no longer applies. */
  const changed = () => {
    setProblem(undefined);
    reloadChannel();
  };
  useEffect(() => void reloadTree(), [reloadTree]);
  // A new selection: what was shown or asked for the previous one is dropped, and the new one is read.
  useEffect(() => {
    channelReads.supersede();
    setChannel(undefined);
    setProblem(undefined);
    clearJob();
    if (selected !== undefined) void channelReads.apply(channelById(selected), setChannel, (err) => setProblem(err.message));
  }, [selected, channelReads, clearJob]);

  const move = async (id: number, to: { target_channel: number | null; position: number }) => {
    setProblem(undefined);
    try {
      const answer = await send<{ data: ChannelMoved }>('POST', `/api/v4/channels/${id}/move/`, to);
      if (answer.data.job) void job.follow(answer.data.job);
    } catch (err) {
      setProblem((err as Error).message);
    }
    await reloadTree();
    reloadChannel();
  };
  const onError = (message: string) => setProblem(message);

  return (
    <div className="lb-editor">
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">Your channels</h1>
      </header>
      {problem && (
        <p role="alert" className="lb-editor__error">
          {problem}
        </p>
      )}
      <div className="lb-editor__columns">
        <nav className="lb-editor__side" aria-label="Channel tree">
          {tree ? (
            <ChannelTree roots={tree} selected={selected} onSelect={setSelected} onMove={(id, to) => void move(id, to)} />
          ) : (
            <PageLoading label="Loading the tree" />
          )}
          <NewChannel
            tree={tree ?? []}
            parent={selected}
            onCreated={async (made) => {
              setProblem(undefined);
              await reloadTree();
              setSelected(made.id);
            }}
            onError={onError}
          />
        </nav>
        <div className="lb-editor__main">
          {!channel && <p>Select a channel to edit it.</p>}
          {channel && (
            <>
              <h2 className="lb-editor__title">
                {channel.display_name} <Link href={channelHref(channel)}>View the channel page</Link>
              </h2>
              <JobNotice state={job.state} onCheckAgain={job.checkAgain} />
              <ChannelFields
                channel={channel}
                onSaved={(saved) => {
                  setProblem(undefined);
                  channelReads.supersede();
                  setChannel(saved);
                  void reloadTree();
                }}
              />
              <TagsEditor channel={channel} onChanged={changed} onJob={(id) => void job.follow(id)} onError={onError} />
              <FeedEditor
                channel={channel}
                username={me.user.username}
                onChanged={changed}
                onJob={(id) => void job.follow(id)}
                onError={onError}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function NewChannel({
  tree,
  parent,
  onCreated,
  onError,
}: {
  tree: TreeNode[];
  parent: number | undefined;
  onCreated(channel: Channel): void;
  onError(message: string): void;
}) {
  const id = useId();
  const [field, setField] = useState<string>();
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const under = String(form.get('parent') ?? '');
    setField(undefined);
    try {
      const made = await send<{ data: WireChannel }>('POST', '/api/v4/channels/', {
        display_name: String(form.get('display_name') ?? ''),
        slug: String(form.get('slug') ?? ''),
        ...(under ? { parent: Number(under) } : {}),
      });
      formElement.reset();
      onCreated(asChannel(made.data));
    } catch (err) {
      setField((err as { field?: string }).field);
      onError((err as Error).message);
    }
  };
  return (
    <form className="lb-editor__form" onSubmit={create}>
      <h2>New channel</h2>
      <label htmlFor={`${id}-name`}>Name</label>
      <input id={`${id}-name`} name="display_name" required maxLength={100} />
      <label htmlFor={`${id}-slug`}>Address (slug)</label>
      <input
        id={`${id}-slug`}
        name="slug"
        required
        pattern="[a-z0-9][a-z0-9\-]{0,58}[a-z0-9]"
        title="2 to 60 lower-case letters, digits and dashes, starting and ending with a letter or digit"
        maxLength={60}
        aria-invalid={field === 'slug' || undefined}
        aria-describedby={`${id}-slug-hint`}
      />
      <p id={`${id}-slug-hint`} className="lb-editor__hint">
        Lower-case letters, digits and dashes: the channel lives at /your-slug.
      </p>
      <label htmlFor={`${id}-parent`}>Inside</label>
      <select id={`${id}-parent`} name="parent" key={parent} defaultValue={parent === undefined ? '' : String(parent)}>
        <option value="">(top level)</option>
        {flatten(tree).map((row) => (
          <option key={row.node.id} value={row.node.id}>
            {'\u00a0'.repeat(row.depth * 2)}
            {row.node.display_name}
          </option>
        ))}
      </select>
      <button type="submit" className="lb-button lb-button--primary">
        Create channel
      </button>
    </form>
  );
}
