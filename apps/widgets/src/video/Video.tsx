import type { Quartile } from '@loopbox/machines/constants';
import { videoMachine } from '@loopbox/machines/video';
import type { IGif, IUser } from '@loopbox/sdk';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { fromPromise } from 'xstate';
import { classNames } from '../class-names.ts';
import { DEFAULT_VIDEO_LOOP, DEFAULT_VOLUME, NO_VIDEO_URL_WARNING } from '../constants.ts';
import { useResize } from '../observers/use-resize.ts';
import { usePingbackScope, useReporter } from '../pingback/scope.tsx';
import type { PingbackSink } from '../pingback/types.ts';
import { MutedIcon, PauseIcon, PlayIcon, SoundIcon } from './icons.tsx';
import { videoRenditions } from './renditions.ts';

export interface VideoError {
  /** The MediaError code, 1 to 4. */
  code: number;
  /** SPEC 8's message for it. */
  message: string;
}

export interface VideoProps {
  /** A GIF item with `video.assets` (e.g. from videos/search). */
  gif: IGif;
  /** Width in pixels. */
  width: number;
  /** Height in pixels; default: from width and the first rendition's aspect ratio. */
  height?: number;
  /** Start muted; default false (autoplay still falls back to muted when the browser insists). */
  muted?: boolean;
  /** Replay at the end; default true. */
  loop?: boolean;
  /** 0..1; default 0.7. */
  volume?: number;
  /** Show the play/pause, mute and progress controls; default false. */
  controls?: boolean;
  hideMute?: boolean;
  hidePlayPause?: boolean;
  hideProgressBar?: boolean;
  /** Keep the controls shown instead of only while the pointer is over the video. */
  persistentControls?: boolean;
  className?: string;
  /** The logged-in user, sent as logged_in_user_id in usage reports. */
  user?: Partial<IUser>;
  /** Where usage reports go: a sink, null for none; default the page's collector. */
  pingback?: PingbackSink | null;
  /** First play (when the START report is sent). */
  onStart?: () => void;
  /** Autoplay was refused with sound and the video now plays muted. */
  onMuted?: () => void;
  /** 0.25, 0.5 and 0.75 of the duration, each once per video. */
  onQuartile?: (quartile: Quartile) => void;
  /** Another loop began; loopCount counts from 1. */
  onLoop?: (loopCount: number) => void;
  /** Playback ended (loop false). */
  onEnded?: () => void;
  onError?: (error: VideoError) => void;
}

type VideoElementRef = { current: HTMLVideoElement | null };
/** The latest props and the START report, read by the machine's actions when they run. */
type Latest = { current: { props: VideoProps; reportStart: () => void } };

/** The machine with its IO wired to the element and the latest props. */
function createVideoLogic(video: VideoElementRef, latest: Latest) {
  const props = () => latest.current.props;
  const seekTo = { current: undefined as number | undefined };
  const logic = videoMachine.provide({
    actors: {
      play: fromPromise(async () => {
        if (!video.current) throw new Error('video element is gone');
        await video.current.play();
      }),
    },
    actions: {
      pauseMedia: () => video.current?.pause(),
      setMediaMuted: (_, { muted }) => {
        if (video.current) video.current.muted = muted;
      },
      // Set the new source now, so a play() invoked right after plays it; seek once it has loaded.
      swapSource: (_, { rendition, currentTime }) => {
        if (!video.current) return;
        seekTo.current = currentTime;
        video.current.src = rendition.url;
      },
      reportStart: () => {
        latest.current.reportStart();
        props().onStart?.();
      },
      reportQuartile: (_, { quartile }) => props().onQuartile?.(quartile),
      reportLoop: (_, { loopCount }) => props().onLoop?.(loopCount),
      reportMuted: () => props().onMuted?.(),
      reportEnded: () => props().onEnded?.(),
      reportError: (_, error) => {
        console.warn(error.message);
        props().onError?.(error);
      },
    },
  });
  return { logic, seekTo };
}

/**
 * The video player (SPEC 2.2, 3, 4.4): autoplay with a muted fallback, play/pause, mute, progress
 * bar, loops, quartile reports, a better rendition when the container grows, and a START report.
 */
export function Video(props: VideoProps) {
  const {
    gif,
    width,
    volume = DEFAULT_VOLUME,
    loop = DEFAULT_VIDEO_LOOP,
    muted = false,
    controls = false,
    hideMute = false,
    hidePlayPause = false,
    hideProgressBar = false,
    persistentControls = false,
    className,
  } = props;
  const scope = usePingbackScope({ pingback: props.pingback, user: props.user, layoutType: 'VIDEO' });
  const report = useReporter(scope);
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const reportStart = () => report(gif, 'START', container.current);
  const latest = useRef({ props, reportStart });
  useEffect(() => {
    latest.current = { props, reportStart };
  });

  const [renditions] = useState(() => videoRenditions(gif));
  const first = renditions[0];
  const height = props.height ?? (first && first.width > 0 ? Math.round((width * first.height) / first.width) : width);
  const [{ logic, seekTo }] = useState(() => createVideoLogic(video, latest));
  const actor = useActorRef(logic, { input: { renditions, width, height, muted, loop, persistentControls } });
  const snapshot = useSelector(actor, (s) => s);
  // The first source is rendered once; later ones are set by swapSource, never by a re-render
  // (setting src again would restart loading and abort a pending play()).
  const [initialSource] = useState(() => snapshot.context.rendition?.url);

  useEffect(() => {
    if (!initialSource) console.warn(NO_VIDEO_URL_WARNING);
  }, [initialSource]);
  useEffect(() => {
    if (video.current) video.current.volume = volume;
  }, [volume]);
  useResize(container, (w, h) => actor.send({ type: 'RESIZE', width: w, height: h }));

  const loaded = (event: SyntheticEvent<HTMLVideoElement>) => {
    if (seekTo.current === undefined) return;
    event.currentTarget.currentTime = seekTo.current;
    seekTo.current = undefined;
  };
  const { context } = snapshot;
  const playing = snapshot.matches({ playback: 'playing' });
  const controlsState = snapshot.matches({ controls: 'shown' })
    ? 'shown'
    : snapshot.matches({ controls: 'fadingIn' })
      ? 'fading-in'
      : 'hidden';
  const percent = Math.round(context.progress * 1000) / 10;
  return (
    <div
      ref={container}
      className={classNames('lb-video', className)}
      data-lb-layout-type="VIDEO"
      data-lb-playing={playing}
      data-lb-loop-count={context.loopCount}
      style={{ width, height }}
      onPointerEnter={() => actor.send({ type: 'POINTER_ENTER' })}
      onPointerLeave={() => actor.send({ type: 'POINTER_LEAVE' })}
    >
      {initialSource && (
        <video
          ref={video}
          className="lb-video__media"
          src={initialSource}
          muted={context.muted}
          playsInline
          preload="auto"
          aria-label={gif.title || gif.alt_text}
          onClick={() => actor.send({ type: 'TOGGLE_PLAY' })}
          onTimeUpdate={(e) =>
            actor.send({ type: 'TIME_UPDATE', currentTime: e.currentTarget.currentTime, duration: e.currentTarget.duration })
          }
          onEnded={() => actor.send({ type: 'ENDED' })}
          onError={(e) => actor.send({ type: 'MEDIA_ERROR', code: e.currentTarget.error?.code ?? 0 })}
          onLoadedMetadata={loaded}
        />
      )}
      {controls && initialSource && (
        <div className={classNames('lb-video__controls', `lb-video__controls--${controlsState}`)}>
          {!hidePlayPause && (
            <button
              type="button"
              className="lb-video__play"
              aria-label={playing ? 'Pause' : 'Play'}
              onClick={() => actor.send({ type: 'TOGGLE_PLAY' })}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
          )}
          {!hideMute && (
            <button
              type="button"
              className="lb-video__mute"
              aria-label={context.muted ? 'Unmute' : 'Mute'}
              onClick={() => actor.send({ type: 'TOGGLE_MUTE' })}
            >
              {context.muted ? <MutedIcon /> : <SoundIcon />}
            </button>
          )}
          {!hideProgressBar && (
            <div
              className="lb-video__progress"
              role="progressbar"
              aria-label="Progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="lb-video__progress-bar" style={{ width: `${percent}%` }} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
