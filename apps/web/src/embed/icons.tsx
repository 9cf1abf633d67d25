/** The embed's inline SVG icons; decorative, so the buttons carry the labels. */
const svg = (path: string) => (
  <svg className="lb-embed__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={path} />
  </svg>
);

export const PauseIcon = () => svg('M6 4h4v16H6zM14 4h4v16h-4z');
export const PlayIcon = () => svg('M7 4l13 8-13 8z');
export const ShareIcon = () => svg('M14 4l7 7-7 7v-4c-5 0-8 1.5-11 5 1-5 4-10 11-11z');
export const CloseIcon = () => svg('M5 6.4L6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12z');

/** The Loopbox mark. */
export function Logo() {
  return (
    <svg className="lb-embed__logo-mark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="8" cy="12" r="6" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="16" cy="12" r="6" fill="none" stroke="currentColor" strokeWidth="3" />
    </svg>
  );
}
