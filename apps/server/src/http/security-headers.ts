import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { FIRST_HOST_API_SCRIPT_URL, FIRST_HOST_PLAYER_ORIGIN, SECOND_HOST_PLAYER_ORIGIN } from '@loopbox/pages';

/**
 * What an answer is, as far as the browser's protections go: the site's pages (and their files),
 * the embed (a page other sites frame), a media file (shown by other sites as <img>/<video>), or
 * data (JSON and every other API answer, never a document to render).
 */
export type AnswerKind = 'page' | 'embed' | 'media' | 'data';

/** First match wins; every other path is the site's (its pages, assets, service worker). */
const KIND_BY_PATH: readonly [RegExp, AnswerKind][] = [
  [/^\/media(\/|$)/, 'media'],
  [/^\/embed(\/|$)/, 'embed'],
  [/^\/(v1|v2|tenor|api|ajax|login\/check|schedule[^/]*|activity|imaging|oembed|openapi\.json|healthz)(\/|$)/, 'data'],
];

export const answerKindOf = (path: string): AnswerKind => KIND_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? 'page';

/** Sent with every answer: no MIME sniffing, the origin alone as referrer elsewhere, powerful features off. */
const COMMON: NonNullable<Parameters<typeof secureHeaders>[0]> = {
  xContentTypeOptions: 'nosniff',
  // The origin (never the path) to other sites: a video host's player refuses a frame that sends no referrer.
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: {
    camera: false,
    microphone: false,
    geolocation: false,
    payment: false,
    usb: false,
    serial: false,
    hid: false,
    midi: false,
    browsingTopics: false,
  },
  // Off: media and the widget bundles are loaded cross-origin by other sites; the share popups keep their opener;
  // HSTS is the TLS terminator's to send.
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  strictTransportSecurity: false,
  xFrameOptions: false,
};

/**
 * The site's and the embed's sources: this origin (and PUBLIC_URL's, where links point), inline
 * bootstrap by nonce; images and video also from MEDIA_PUBLIC_URL's origin, where answers name media
 * (shown by <img> and <video>, never fetched by script, so not in connect-src).
 */
function documentPolicy(publicOrigin: string[], mediaOrigin: string[]) {
  const own = ["'self'", ...publicOrigin];
  const media = [...own, ...mediaOrigin.filter((origin) => !own.includes(origin))];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    // React's style attributes and the embed's inlined stylesheet.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [...media, 'data:', 'blob:'],
    mediaSrc: [...media, 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: own,
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/**
 * One security-header policy for every service (README, "Security headers"; docs/decisions.md),
 * chosen by the kind of answer the path gives: built on Hono's secure-headers middleware, whose
 * per-request nonce (`c.get('secureHeadersNonce')`) the pages put on their inline bootstrap script.
 */
export function securityHeaders(options: { publicUrl?: string | undefined; mediaPublicUrl?: string | undefined } = {}): MiddlewareHandler {
  const originsOf = (url: string | undefined) => (url ? [new URL(url).origin] : []);
  const page = documentPolicy(originsOf(options.publicUrl), originsOf(options.mediaPublicUrl));
  const byKind: Record<AnswerKind, MiddlewareHandler> = {
    page: secureHeaders({ ...COMMON, xFrameOptions: 'DENY', contentSecurityPolicy: { ...page, frameAncestors: ["'none'"] } }),
    // Framed by any site, so no frame-ancestors; the Watch button's players and the first host's API script.
    embed: secureHeaders({
      ...COMMON,
      contentSecurityPolicy: {
        ...page,
        scriptSrc: [...page.scriptSrc, new URL(FIRST_HOST_API_SCRIPT_URL).origin],
        frameSrc: ["'self'", FIRST_HOST_PLAYER_ORIGIN, SECOND_HOST_PLAYER_ORIGIN],
      },
    }),
    // An uploaded file opened on its own runs nothing (an SVG's script included); <img>/<video> elsewhere still show it.
    media: secureHeaders({
      ...COMMON,
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'"],
        mediaSrc: ["'self'"],
        styleSrc: ["'unsafe-inline'"],
        sandbox: [],
      },
    }),
    data: secureHeaders({
      ...COMMON,
      xFrameOptions: 'DENY',
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    }),
  };
  return (c, next) => byKind[answerKindOf(c.req.path)](c, next);
}
