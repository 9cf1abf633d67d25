/** The design system's own icons: inline SVG in the text colour, hidden from assistive technology (the control carries the name). */
const svg = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  focusable: false,
} as const;

export const CloseIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);

export const PlayIcon = () => (
  <svg {...svg} fill="currentColor" stroke="none" aria-hidden="true">
    <path d="M8 5v14l11-7z" />
  </svg>
);
