import { CAPTION_FONTS, CAPTION_LINE_HEIGHT, CAPTION_OUTLINE, captionAt, fitCaption, linesShown } from '@loopbox/pages';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { occurrenceKeys } from '../../ui/list-keys.ts';
import type { CaptionLayer, MakerState, StickerLayer } from './maker-state.ts';
import { useSegmentLoop } from './segment-loop.ts';

export type Selection = { kind: 'caption' | 'sticker'; index: number } | undefined;

interface StageProps {
  state: MakerState;
  sourceUrl: string | undefined;
  selected: Selection;
  onSelect(selection: Selection): void;
  onMove(selection: NonNullable<Selection>, x: number, y: number): void;
  onDuration(seconds: number): void;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The live preview: the source looping over the trimmed segment, with the captions and stickers
 * drawn from the same edit list and rules as the server's render (positions are centres in
 * fractions of the frame; a caption's size a fraction of its height, fitted to the frame by
 * fitCaption). Layers can be dragged.
 */
export function Stage({ state, sourceUrl, selected, onSelect, onMove, onDuration }: StageProps) {
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [frame, setFrame] = useState({ width: 480, height: 270 });
  const [progress, setProgress] = useState(0);
  const dragging = useRef<NonNullable<Selection> | undefined>(undefined);
  const { start, duration } = state.trim;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setFrame({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useSegmentLoop(video, start, duration, setProgress);

  const place = (event: ReactPointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || !dragging.current) return;
    onMove(dragging.current, clamp((event.clientX - rect.left) / rect.width), clamp((event.clientY - rect.top) / rect.height));
  };
  const grab = (selection: NonNullable<Selection>) => (event: ReactPointerEvent) => {
    dragging.current = selection;
    onSelect(selection);
    (event.target as Element).setPointerCapture(event.pointerId);
  };
  const isSelected = (kind: 'caption' | 'sticker', index: number) => selected?.kind === kind && selected.index === index;
  // The same sticker can be placed twice; the captions' keys beside them start with `c`.
  const stickerKeys = occurrenceKeys(state.stickers, (s) => `s${s.id}`);

  return (
    <div
      className="lb-maker__stage"
      ref={box}
      onPointerMove={place}
      onPointerUp={() => {
        dragging.current = undefined;
      }}
    >
      {!sourceUrl ? (
        <p className="lb-maker__empty">Choose a video or GIF to start</p>
      ) : state.source?.video ? (
        <video
          ref={video}
          src={sourceUrl}
          muted
          autoPlay
          playsInline
          loop
          aria-label="Preview of the segment"
          onLoadedMetadata={(e) => onDuration(e.currentTarget.duration)}
        />
      ) : (
        <img src={sourceUrl} alt="Preview of the source" />
      )}
      {state.stickers.map((s: StickerLayer, i) => (
        <img
          key={stickerKeys[i]}
          className="lb-maker__layer"
          data-selected={isSelected('sticker', i)}
          src={s.preview}
          alt={`Sticker: ${s.title}`}
          draggable={false}
          onPointerDown={grab({ kind: 'sticker', index: i })}
          style={{
            left: `${s.x * 100}%`,
            top: `${s.y * 100}%`,
            width: `${s.scale * 100}%`,
            transform: `translate(-50%, -50%) rotate(${s.rotation}deg)`,
          }}
        />
      ))}
      {state.captions.map((c: CaptionLayer, i) => {
        const look = captionAt(c, progress);
        // The server's rule (fitCaption): shrunk or wrapped to fit the frame, never cut.
        const fit = fitCaption(c, frame);
        const size = fit.size * frame.height * look.scale;
        const lines = c.animation === 'typewriter' ? linesShown(fit.lines, [...look.text].length) : fit.lines;
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a caption has no identity but its place in the list: selection, dragging and edits all address it by index
            key={`c${i}`}
            className="lb-maker__layer lb-maker__caption"
            data-selected={isSelected('caption', i)}
            onPointerDown={grab({ kind: 'caption', index: i })}
            style={{
              left: `${fit.x * 100}%`,
              top: `${fit.y * 100}%`,
              fontFamily: `'${CAPTION_FONTS[c.font]}', ${c.font === 'serif' ? 'serif' : c.font === 'mono' ? 'monospace' : 'sans-serif'}`,
              fontSize: `${size}px`,
              lineHeight: CAPTION_LINE_HEIGHT,
              textAlign: 'center',
              color: c.color,
              opacity: look.opacity,
              WebkitTextStroke: `${size * CAPTION_OUTLINE}px #000`,
              paintOrder: 'stroke',
              // The server puts the baseline CAPTION_BASELINE × size below the centre: about where a centred line box has it.
              transform: 'translate(-50%, -50%)',
            }}
          >
            {lines.map((line, l) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one wrapped caption, in reading order: a line is its place (the same text can wrap twice)
              <span key={l} className="lb-maker__line">
                {line}
              </span>
            ))}
          </span>
        );
      })}
    </div>
  );
}
