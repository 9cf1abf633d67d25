import { BROWSE_LINKS, escapeHtml, MAX_SEARCH_TERM_LENGTH, PROVIDER_NAME, SEARCH_BOX_LABEL, SEARCH_QUERY_PARAM } from '@loopbox/pages';

/** The app's logo and search icon (apps/web/src/site/display/icons.tsx), drawn the same size. */
const LOGO_SVG =
  '<svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false"><path d="M9 7v15h8" fill="none" stroke="#00ccff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><circle cx="22" cy="20" r="4" fill="none" stroke="#ff6666" stroke-width="3.5"/></svg>';
const SEARCH_SVG =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" stroke-width="2.5"/><path d="M15.5 15.5L21 21" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/></svg>';

/**
 * The site header as the app's Header draws it (same classes, so the same height at every width):
 * the logo, the browse links and the search box, here a form that works without scripts. The
 * account slot and the menu need the app; the bar keeps their height.
 */
export function headerHtml(searchTerm: string | undefined): string {
  const links = BROWSE_LINKS.map(({ href, label }) => `<a href="${href}">${escapeHtml(label)}</a>`).join('');
  const value = searchTerm === undefined ? '' : ` value="${escapeHtml(searchTerm)}"`;
  return [
    '<header class="lb-site-header"><div class="lb-site-header__bar">',
    `<a href="/" class="lb-site-header__logo" aria-label="${escapeHtml(PROVIDER_NAME)} home">${LOGO_SVG}<span aria-hidden="true">${escapeHtml(PROVIDER_NAME)}</span></a>`,
    `<nav class="lb-site-header__nav" aria-label="Browse">${links}</nav></div>`,
    `<search><form class="lb-search" action="/search" method="get"><label class="lb-visually-hidden" for="lb-ssr-search">${SEARCH_BOX_LABEL}</label>`,
    `<input id="lb-ssr-search" class="lb-search__input" data-theme="light" type="search" name="${SEARCH_QUERY_PARAM}" autocomplete="off" spellcheck="false" placeholder="${SEARCH_BOX_LABEL}" maxlength="${MAX_SEARCH_TERM_LENGTH}"${value}>`,
    `<button class="lb-search__submit" type="submit" aria-label="Search">${SEARCH_SVG}</button></form></search></header>`,
  ].join('');
}
