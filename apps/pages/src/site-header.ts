/**
 * The site header's words and links, shared by the web app (site/shell/Header, site/search-box/SearchBox) and the
 * server's first screen, which draws the same header before the app does.
 */

/** The header's browse links: a row on a wide screen, the first entries of the menu on a phone. */
export const BROWSE_LINKS = [
  { href: '/trending-gifs', label: 'GIFs' },
  { href: '/stickers', label: 'Stickers' },
  { href: '/categories', label: 'Categories' },
  { href: '/stories', label: 'Stories' },
  { href: '/artists', label: 'Artists' },
  { href: '/create', label: 'GIF Maker' },
] as const;

export const SEARCH_BOX_LABEL = 'Search GIFs and stickers';
/** Without scripts the search box is a form: `/search?q=` answers with a redirect to the search's page. */
export const SEARCH_QUERY_PARAM = 'q';
