/**
 * How the light bundles (the standalone widgets, the embed) are built from the same React source:
 * `react` and `react-dom` resolve to preact/compat. A bare name also covers its subpaths in both
 * esbuild's and Vite's alias (`react/jsx-runtime` → `preact/compat/jsx-runtime`,
 * `react-dom/client` → `preact/compat/client`). docs/decisions.md, "Light entries", says why.
 */
export const PREACT_COMPAT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
};
