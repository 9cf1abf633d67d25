import type { Decision } from '@loopbox/pages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatCount, formatQuantity } from '../../ui/format.ts';
import { GifDetail, score } from './GifDetail.tsx';
import { fetchQueue, type QueueItem } from './moderation-api.ts';
import { queueCommand, QUEUE_SHORTCUTS } from './shortcuts.ts';
import { useDecision } from './use-decision.ts';

/** GIFs the queue shows at once. */
const QUEUE_PAGE = 50;

/** Why a GIF is in the queue, by its moderation state (a reported GIF may have none). */
const QUEUE_REASONS: Record<string, string> = {
  none: 'reported',
  pending: 'held by the NSFW check',
  in_review: "new account's upload",
  approved: 'approved before',
  hidden: 'hidden',
};

/**
 * The review queue: reported GIFs and those waiting for a decision (most reported first), the one
 * picked shown in full with its reports, NSFW score and history. Keys (shown on screen) approve,
 * hide and remove the picked GIF and move through the queue; a decided GIF leaves the queue and the
 * next one is picked.
 */
export function QueuePanel() {
  const [items, setItems] = useState<QueueItem[] | undefined>();
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState<string>();
  const [picked, setPicked] = useState(0);
  const [version, setVersion] = useState(0);
  const decision = useDecision();
  const list = useRef<HTMLOListElement>(null);

  const load = useCallback(async () => {
    try {
      const answer = await fetchQueue(QUEUE_PAGE);
      setItems(answer.data);
      setTotal(answer.pagination.total_count);
      setFailed(undefined);
    } catch (error) {
      setFailed((error as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const current = items?.[Math.min(picked, (items?.length ?? 1) - 1)];
  const decideCurrent = useCallback(
    async (action: Decision, rating?: string) => {
      if (!current || decision.busy) return;
      const answer = await decision.run(current.id, current.title, action, rating);
      if (!answer) return;
      setVersion((v) => v + 1);
      await load();
    },
    [current, decision, load],
  );
  const move = useCallback((by: 1 | -1) => setPicked((p) => Math.max(0, Math.min((items?.length ?? 1) - 1, p + by))), [items]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const command = queueCommand({
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        targetTag: target.tagName,
        targetEditable: target.isContentEditable,
      });
      if (!command) return;
      event.preventDefault();
      if ('move' in command) move(command.move);
      else void decideCurrent(command.decide);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [move, decideCurrent]);

  // Another pick, or the queue read again: the current item is brought into view.
  useEffect(() => {
    if (current) list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-queue-title">
      <h2 id="lb-mod-queue-title">Review queue</h2>
      <p className="lb-mod-keys" id="lb-mod-keys">
        Keys:{' '}
        {QUEUE_SHORTCUTS.map((s) => (
          <span key={s.key}>
            <kbd>{s.key}</kbd> {s.label}
          </span>
        ))}
      </p>
      {failed && (
        <p role="alert">
          The queue could not be loaded: {failed} <Button onClick={() => void load()}>Try again</Button>
        </p>
      )}
      {!items ? (
        !failed && <p role="status">Loading the queue…</p>
      ) : items.length === 0 ? (
        <EmptyState title="Nothing waits for a decision.">Reported GIFs and uploads held for review show here.</EmptyState>
      ) : (
        <div className="lb-mod-queue">
          <div className="lb-mod-queue__side">
            <p>
              {formatCount(total)} waiting{total > items.length ? `; the first ${formatCount(items.length)} shown` : ''}.
            </p>
            <ol className="lb-mod-queue__list" ref={list} aria-describedby="lb-mod-keys">
              {items.map((item, index) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="lb-mod-queue__item"
                    aria-current={current?.id === item.id ? 'true' : undefined}
                    onClick={() => setPicked(index)}
                  >
                    {item.preview && <img src={item.preview} alt="" width={64} />}
                    <span>
                      <strong>{item.title || item.id}</strong>
                      <small>
                        {QUEUE_REASONS[item.moderation_state] ?? item.moderation_state} · {formatQuantity(item.open_reports, 'open report')}
                        {item.reasons.length > 0 && ` (${item.reasons.join(', ')})`} · NSFW {score(item.nsfw_score)}
                      </small>
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </div>
          {current && (
            <GifDetail
              id={current.id}
              version={version}
              decision={{
                reason: decision.reason,
                onReason: decision.setReason,
                busy: decision.busy,
                onDecide: (action, rating) => void decideCurrent(action, rating),
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}
