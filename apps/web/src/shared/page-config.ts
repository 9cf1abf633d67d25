/** What the server injects into every page as `window.LOOPBOX_CONFIG` (apps/server/src/web/assets.ts). */
export interface PageConfig {
  apiKey: string;
  apiBase: string;
  pingbackUrl: string;
  /** The collector's analytics endpoint; by default `analytics` beside the pingback endpoint. */
  analyticsUrl: string;
  /** Set by the host page when the visitor consented to vendor (tag manager) tracking. */
  vendorConsent?: boolean;
  /** What this instance says of itself on /about (SITE_NAME, SITE_DESCRIPTION, CONTACT_EMAIL); the server sets it on its own pages. */
  site?: { name: string; description: string; contactEmail?: string };
}

export function readPageConfig(): PageConfig {
  const config = (globalThis as { LOOPBOX_CONFIG?: Partial<PageConfig> }).LOOPBOX_CONFIG ?? {};
  const pingbackUrl = config.pingbackUrl ?? '';
  return {
    apiKey: config.apiKey ?? '',
    apiBase: config.apiBase ?? '/v1/',
    pingbackUrl,
    analyticsUrl: config.analyticsUrl ?? (pingbackUrl === '' ? '' : pingbackUrl.replace(/[^/]*$/, 'analytics')),
    vendorConsent: config.vendorConsent === true,
    ...(config.site ? { site: config.site } : {}),
  };
}
