import { API_REFERENCE_SCRIPT, OPENAPI_DOCUMENT } from '@loopbox/pages';
import type { DeveloperApp } from '../developers/developers-api.ts';

/** The part of Scalar's browser build (`window.Scalar`) this page uses. */
export interface ReferenceInstance {
  updateConfiguration(config: ReferenceConfig): void;
  destroy(): void;
}
interface ScalarGlobal {
  createApiReference(element: Element, config: ReferenceConfig): ReferenceInstance;
}
declare global {
  interface Window {
    Scalar?: ScalarGlobal;
  }
}

/** A key the visitor may try calls with. */
export interface TryKey {
  key: string;
  label: string;
}

/** The visitor's keys that still work, newest app first as the dashboard lists them. */
export function tryKeys(apps: readonly DeveloperApp[]): TryKey[] {
  return apps.flatMap((app) =>
    app.keys
      .filter((k) => k.state === 'active' || k.state === 'expiring')
      .map((k) => ({ key: k.key, label: `${app.name}: ${k.tier} key …${k.key.slice(-6)}` })),
  );
}

export type ReferenceConfig = Record<string, unknown>;

/**
 * Scalar's settings for this site: the document from this origin (which names this origin as its
 * server, so calls come here too), nothing fetched from elsewhere
 * (no web fonts, no telemetry, no hosted client, proxy, AI agent or MCP), and "try it" filled in with
 * the chosen key under both of the document's key schemes (GIPHY's `api_key`, Tenor's `key`). Dark
 * always, like the site around it (no toggle); docs.css maps Scalar's colour variables to the site's tokens.
 */
export function referenceConfig(key: string | undefined): ReferenceConfig {
  return {
    url: OPENAPI_DOCUMENT,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    persistAuth: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    defaultOpenFirstTag: true,
    hideModels: true,
    forceDarkModeState: 'dark',
    hideDarkModeToggle: true,
    ...(key
      ? { authentication: { preferredSecurityScheme: 'api_key', securitySchemes: { api_key: { value: key }, tenor_key: { value: key } } } }
      : {}),
  };
}

/** Loads Scalar's bundle (once per page; later calls share the same load). */
export function loadReference(doc: Document = document): Promise<ScalarGlobal> {
  const view = doc.defaultView!;
  if (view.Scalar) return Promise.resolve(view.Scalar);
  let script = doc.querySelector<HTMLScriptElement>(`script[src="${API_REFERENCE_SCRIPT}"]`);
  if (!script) {
    script = doc.createElement('script');
    script.src = API_REFERENCE_SCRIPT;
    doc.head.append(script);
  }
  const loading = script;
  return new Promise((resolve, reject) => {
    loading.addEventListener(
      'load',
      () => (view.Scalar ? resolve(view.Scalar) : reject(new Error('the API reference script did not start'))),
      { once: true },
    );
    loading.addEventListener('error', () => reject(new Error('the API reference script could not be loaded')), { once: true });
  });
}
