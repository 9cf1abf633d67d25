/** What the build tells the service worker to precache (vite-plugin-service-worker.ts). */
export interface ShellManifest {
  /** Changes whenever the asset list changes: the shell cache's name carries it. */
  version: string;
  /** Hashed JS and CSS of the pages, as absolute paths. */
  assets: string[];
  /** Pages precached at install. */
  pages: string[];
}
