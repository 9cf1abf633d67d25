import { useRef, useState } from 'react';

/**
 * The page a paged grid started at (`/page/{n}` of the address it opened on). While scrolling, the
 * page rewrites its own address to the page in view; `wrote(n, path)` marks such an address as its
 * own so it does not restart the grid, while an address from elsewhere (a link, back) does.
 * `ownsAddress()` is false once the address is not the grid's any more: a page seen just as the
 * visitor leaves (the next page's code still loading, the grid still mounted) must not take it back.
 */
export function useFirstPage(pageNumber: number): { firstPage: number; wrote(page: number, path: string): void; ownsAddress(): boolean } {
  const [firstPage, setFirstPage] = useState(pageNumber);
  const written = useRef(pageNumber);
  const address = useRef(location.pathname);
  if (pageNumber !== written.current) {
    written.current = pageNumber;
    address.current = location.pathname;
    setFirstPage(pageNumber);
  }
  return {
    firstPage,
    wrote(page, path) {
      written.current = page;
      // As the browser will spell it (percent-encoded).
      address.current = new URL(path, location.href).pathname;
    },
    ownsAddress: () => location.pathname === address.current,
  };
}
