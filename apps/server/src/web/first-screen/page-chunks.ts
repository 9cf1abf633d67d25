import fs from 'node:fs';
import path from 'node:path';
import type { SiteRoute } from '@loopbox/pages';
import { hasFirstScreen, type ServedPage } from './first-screen-view.ts';

/** The page module each server-rendered route loads on demand (apps/web/src/site/shell/routes.tsx). */
const PAGE_MODULES: Record<ServedPage, string> = {
  home: 'src/site/home/HomePage.tsx',
  search: 'src/site/search/SearchPage.tsx',
  gif: 'src/site/gif/GifPage.tsx',
  category: 'src/site/browse/CategoryPage.tsx',
  subcategory: 'src/site/browse/CategoryPage.tsx',
  profile: 'src/site/profile/ProfilePage.tsx',
  channel: 'src/site/channel/ChannelPage.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The files of a route's page chunk and what it imports (`/assets/…js`), read from the build's
 * manifest (apps/web/dist/.vite/manifest.json, read again after a rebuild), so the page's code loads
 * beside the entry instead of after it.
 */
export function pageChunkFiles(distDir: string) {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let loaded: { builtAt: number; manifest: Record<string, ManifestChunk> } | undefined;
  const manifest = () => {
    if (!fs.existsSync(file)) return undefined;
    const builtAt = fs.statSync(file).mtimeMs;
    if (loaded?.builtAt !== builtAt)
      loaded = { builtAt, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk> };
    return loaded.manifest;
  };
  return (route: SiteRoute): string[] => {
    const chunks = manifest();
    const module = hasFirstScreen(route) ? PAGE_MODULES[route.page] : undefined;
    if (!chunks || !module || !chunks[module]) return [];
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(module);
    // Scripts only: a page's stylesheet would block the first paint, and the app loads it with the chunk.
    return [...files].map((js) => `/${js}`);
  };
}
