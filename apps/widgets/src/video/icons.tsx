/** Control icons: decorative, the buttons carry the labels. */
const icon = (path: string) => (
  <svg className="lb-video__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={path} />
  </svg>
);

export const PlayIcon = () => icon('M8 5v14l11-7z');
export const PauseIcon = () => icon('M6 5h4v14H6zm8 0h4v14h-4z');
export const MutedIcon = () =>
  icon('M16.5 12l2.6-2.6-1.4-1.4-2.6 2.6-2.6-2.6-1.4 1.4 2.6 2.6-2.6 2.6 1.4 1.4 2.6-2.6 2.6 2.6 1.4-1.4zM3 9v6h4l5 5V4L7 9z');
export const SoundIcon = () =>
  icon('M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0014 8v8a4.5 4.5 0 002.5-4zM14 3.2v2.1a7 7 0 010 13.4v2.1a9 9 0 000-17.6z');
