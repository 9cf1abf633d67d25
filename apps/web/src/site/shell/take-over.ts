/** The class of the server-rendered first screen inside the root (apps/server/src/web/first-screen). */
const SERVED_SCREEN_CLASS = 'lb-ssr';
/** The app while it renders behind the served screen: laid out (its grids measure their width), not shown. */
const PENDING_CLASS = 'lb-app-pending';
/** The app is shown once its page has drawn its media and nothing changed in it for this long… */
const QUIET_MS = 120;
/** A page with its heading and its media, or what it says instead (no results, an error). */
const DRAWN = 'main:has(h1) :is(img, .lb-grid__no-results, [role="alert"])';
/** …or after this long at most. */
const MAX_WAIT_MS = 3000;

/**
 * Where the app renders: the root itself, or, when the server sent a first screen, a container beside
 * it that replaces it in one frame once the app's page has rendered its media and stopped changing.
 * The served screen stays on screen meanwhile, so the page is never blank and nothing moves while
 * the app's parts arrive (its CLS stays 0); its links work as plain links until then.
 */
export function appContainer(root: HTMLElement, win: Window = window): HTMLElement {
  const served = root.querySelector(`:scope > .${SERVED_SCREEN_CLASS}`);
  if (!served) return root;
  const container = win.document.createElement('div');
  container.className = PENDING_CLASS;
  root.append(container);
  let quiet: number | undefined;
  const show = () => {
    observer.disconnect();
    win.clearTimeout(quiet);
    win.clearTimeout(limit);
    served.remove();
    container.classList.remove(PENDING_CLASS);
  };
  const settle = () => {
    win.clearTimeout(quiet);
    if (container.querySelector(DRAWN)) quiet = win.setTimeout(() => win.requestAnimationFrame(show), QUIET_MS);
  };
  const observer = new MutationObserver(settle);
  observer.observe(container, { childList: true, subtree: true, attributes: true });
  const limit = win.setTimeout(show, MAX_WAIT_MS);
  return container;
}
