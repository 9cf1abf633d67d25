import { TRIM_MAX_DURATION_S, TRIM_MIN_DURATION_S } from '@loopbox/pages';
import { useEffect, useMemo, useRef, useState } from 'react';
import { trimOnServer } from '../create/imaging-api.ts';
import { Range } from '../create/Range.tsx';
import { useSegmentLoop } from '../create/segment-loop.ts';
import '../create/create.css';
import { Button } from '../../ui/Button.tsx';
import { formatCount, formatQuantity } from '../../ui/format.ts';

/**
 * The upload flow's trim tool, for a clip or GIF not sent yet: scrub to a start, pick a length, watch
 * the segment loop, then have the imaging service make it a GIF that replaces the file to upload.
 */
export function TrimTool({ file, onTrimmed }: { file: File; onTrimmed(file: File): void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const video = useRef<HTMLVideoElement>(null);
  const [total, setTotal] = useState<number>(TRIM_MAX_DURATION_S);
  const [start, setStart] = useState(0);
  const [duration, setDuration] = useState(Math.min(3, TRIM_MAX_DURATION_S));
  const [status, setStatus] = useState<string>();
  const isVideo = file.type.startsWith('video/');
  useSegmentLoop(video, start, duration);

  const trim = async () => {
    setStatus('Trimming…');
    try {
      const made = await trimOnServer(file, start, duration);
      setStatus(`Trimmed: ${formatQuantity(made.frames, 'frame')}, ${formatCount(made.duration)} s`);
      onTrimmed(made.file);
    } catch (err) {
      setStatus(`Not trimmed: ${(err as Error).message}`);
    }
  };
  return (
    <details className="lb-trim-tool">
      <summary>Trim {file.name}</summary>
      {isVideo ? (
        <video
          ref={video}
          src={url}
          muted
          autoPlay
          playsInline
          loop
          aria-label={`Segment of ${file.name}`}
          onLoadedMetadata={(e) => setTotal(e.currentTarget.duration)}
        />
      ) : (
        <img src={url} alt={`Preview of ${file.name}`} />
      )}
      <Range
        label="Start"
        unit=" s"
        value={start}
        min={0}
        max={Math.max(0, total - TRIM_MIN_DURATION_S)}
        step={0.05}
        onChange={(v) => {
          setStart(v);
          setDuration((d) => Math.min(d, Math.max(TRIM_MIN_DURATION_S, total - v)));
        }}
      />
      <Range
        label="Length"
        unit=" s"
        value={duration}
        min={TRIM_MIN_DURATION_S}
        max={Math.max(TRIM_MIN_DURATION_S, Math.min(TRIM_MAX_DURATION_S, total - start))}
        step={0.05}
        onChange={setDuration}
      />
      <Button onClick={() => void trim()}>Make trimmed GIF</Button>
      {status && <p role="status">{status}</p>}
    </details>
  );
}
